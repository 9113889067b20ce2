"""One email of each outbox kind, as it is sent, written to files: a pytest plugin.

    .venv/bin/python bench/emails_dump.py /tmp/emails

which runs, and may be run as,

    FOGDIP_EMAILS_DIR=/tmp/emails .venv/bin/python -m pytest -p bench.emails_dump \
        games/tests/emails/test_it_sends_valid_mail_of_every_kind.py \
        battles/tests/mail/test_it_sends_valid_battle_mail_of_every_kind.py \
        -n 0 -q -p no:cacheprovider

(extra arguments to the script replace the two test files). For comparing two
trees that should send the same bytes (a restructuring of the code): dump
each tree into its own directory, then ``diff -r`` them.

Why through tests: the two tests above play every outbox kind between them
(each asserts it: the game kinds, then the battle kinds), and the tests are
kept working on every tree, whatever module their actions move to. The
two-world receipts (bench/receipts_dump.py) hold every mail row the viewer
gets, but not one of every kind: invitation, invitation_request, answer,
battle_answer, battle_end and battle_message reach no two-world viewer
(tests/twoworlds/test_it_covers_every_action_and_outbox_kind.py says why).

What: right after each test's body (its rows still in the database), each
kind not yet written takes its first row, cancelled rows last, by
(created, to_email, id), and that row is rendered by the ``preview_email``
command, which prints the very bytes a backend sends. Under the directory,
per kind:

    <kind>/message.eml     the whole message
    <kind>/headers.txt     the outer headers, decoded
    <kind>/structure.txt   the MIME tree: each part's type, encoding, disposition, size
    <kind>/subject.txt, text.txt, html.html   decoded
    <kind>/attachments.txt each part with a file name: type, size, sha256
    index.txt              each kind: the test and the row's recipient and status
    missing.txt            the kinds no test played (only if there are any)

The first test to play a kind gives it, so the run is in one process
(``-n 0``; the plugin refuses xdist workers). Nothing of ``games`` is
imported: the outbox model is found by name among Django's models
(``OutboxMessage``, in whichever app), its kinds from the field's choices,
and the rendering is the management command's, found by name.

Determinism: each test runs on a frozen clock (tests/twoworlds/clock.py: a
Monday in 2031, moved by nothing), so every date in an email (created, due,
deadlines, the calendar file's DTSTAMP and SEQUENCE) is the same from one run
to the next. What is still made afresh each time is normalised, in
``noise_free``:

* the Date header (Django writes the real time: ``formatdate``);
* random hex of 32 digits (``TOKEN``): the Message-ID's token (the row's, made
  by ``secrets``) and FogDip's MIME boundaries (postoffice/mime.py);
* the standard library's MIME boundaries, ``===============`` and a random
  number (a message with no attachment: ``===============NUMBER==``);
* the Message-IDs that the tests' incoming mail carries, and that an answer
  names in In-Reply-To and References: ``make_msgid``'s real time, process id
  and random number (``<MSGID@...>``; its idstring, ``.m2``, is kept);
* Django's signed values (``SIGNED``), whose middle part is the real time of
  signing: the unsubscribe link in the text, the HTML and List-Unsubscribe;
* an invitation's link, ``/invitations/<token>/``, the token
  ``secrets.token_urlsafe(16)`` (``INVITATION``).

message.eml is normalised the same way on its raw lines; a quoted-printable
line break inside a signed value would hide it from the pattern, so decoded
parts are written apart too (text.txt, html.html).
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import os
import re
import subprocess
import sys
from collections.abc import Generator
from email.message import EmailMessage
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

ENVIRONMENT = "FOGDIP_EMAILS_DIR"
MODEL_NAME = "OutboxMessage"
COMMAND = "preview_email"
CANCELLED = "cancelled"
TESTS = (
    "games/tests/emails/test_it_sends_valid_mail_of_every_kind.py",
    "battles/tests/mail/test_it_sends_valid_battle_mail_of_every_kind.py",
)
NOISE = (
    (re.compile(r"^Date: .*$", re.MULTILINE), "Date: DATE"),
    (re.compile(r"\b[0-9a-f]{32}\b"), "TOKEN"),
    (re.compile(r"(={15})[0-9]+(==)"), r"\1NUMBER\2"),
    (re.compile(r"<[0-9]+\.[0-9]+\.[0-9]+((?:\.[^@>\s]*)?)@"), r"<MSGID\1@"),
    (re.compile(r"[\w-]+:[\w-]{6}:[\w-]{43}"), "SIGNED"),
    (re.compile(r"(/invitations/)[\w-]{22}(?=/)"), r"\1INVITATION"),
)


def noise_free(text: str) -> str:
    for pattern, replacement in NOISE:
        text = pattern.sub(replacement, text)
    return text


def outbox_model() -> Any:
    from django.apps import apps

    found = [model for model in apps.get_models() if model.__name__ == MODEL_NAME]
    if len(found) != 1:
        raise RuntimeError(f"expected one model named {MODEL_NAME}, found {found}")
    return found[0]


def kinds_of(model: Any) -> list[str]:
    return [str(value) for value, _ in model._meta.get_field("kind").choices]


def rendered(pk: int) -> str:
    from django.core.management import call_command

    out = StringIO()
    call_command(COMMAND, str(pk), stdout=out)
    return out.getvalue()


def payload(part: Any) -> bytes:
    """A leaf part's content, its transfer encoding undone."""
    data = part.get_payload(decode=True)
    return data if isinstance(data, bytes) else b""


def structure(part: EmailMessage, depth: int = 0) -> list[str]:
    params = dict((part.get_params() or [])[1:])  # the first is the type itself
    line = "  " * depth + part.get_content_type()
    line += "".join(f" {key}={value}" for key, value in sorted(params.items()))
    for header in ("Content-Transfer-Encoding", "Content-Disposition", "Content-ID"):
        if part[header] is not None:
            line += f" | {header}: {part[header]}"
    if part.is_multipart():
        lines = [line]
        for child in part.iter_parts():
            lines += structure(child, depth + 1)  # type: ignore[arg-type]
        return lines
    return [f"{line} | {len(payload(part))} bytes"]


def files_of(raw: str) -> dict[str, str]:
    """The message and its parts, each normalised (module docstring)."""
    message = email.message_from_string(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    headers = "".join(f"{name}: {value}\n" for name, value in message.items())
    text = message.get_body(preferencelist=("plain",))
    html = message.get_body(preferencelist=("html",))
    attachments = []
    for part in message.walk():
        name = part.get_filename()
        if name is None or part.is_multipart():
            continue
        data = payload(part)
        attachments.append(
            f"{name} {part.get_content_type()} {part.get_content_disposition()} "
            f"{len(data)} bytes sha256={hashlib.sha256(data).hexdigest()}\n"
        )
    files = {
        "message.eml": raw,
        "headers.txt": headers,
        "structure.txt": "\n".join(structure(message)) + "\n",
        "subject.txt": f"{message['Subject']}\n",
        "text.txt": text.get_content() if text is not None else "(no text/plain part)\n",
        "html.html": html.get_content() if html is not None else "(no text/html part)\n",
        "attachments.txt": "".join(attachments) or "(none)\n",
    }
    return {name: noise_free(content) for name, content in files.items()}


class Dumper:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.done: dict[str, str] = {}  # kind: its line of index.txt
        self.kinds: list[str] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        from tests.twoworlds.clock import Clock

        with Clock().frozen():
            yield

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        yield
        self.dump(item.nodeid)

    def dump(self, nodeid: str) -> None:
        model = outbox_model()
        self.kinds = kinds_of(model)
        for kind in self.kinds:
            if kind in self.done:
                continue
            rows = list(model.objects.filter(kind=kind).order_by("created", "to_email", "id"))
            rows.sort(key=lambda row: row.status == CANCELLED)
            if not rows:
                continue
            row = rows[0]
            folder = self.root / kind
            folder.mkdir(parents=True, exist_ok=True)
            for name, content in files_of(rendered(row.pk)).items():
                (folder / name).write_text(content, encoding="utf-8")
            self.done[kind] = f"{kind}: {nodeid} to={row.to_email} status={row.status}\n"

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        index = "".join(self.done[kind] for kind in self.kinds if kind in self.done)
        (self.root / "index.txt").write_text(index, encoding="utf-8")
        missing = [kind for kind in self.kinds if kind not in self.done]
        if missing:
            (self.root / "missing.txt").write_text("\n".join(missing) + "\n", encoding="utf-8")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        missing = [kind for kind in self.kinds if kind not in self.done]
        terminalreporter.write_line(
            f"emails dump: {len(self.done)} of {len(self.kinds)} kinds in {self.root}"
        )
        if missing or not self.kinds:
            terminalreporter.write_line(f"emails dump: NOT PLAYED: {missing}", red=True)


def pytest_configure(config: pytest.Config) -> None:
    directory = os.environ.get(ENVIRONMENT)
    if not directory:
        return
    if hasattr(config, "workerinput") or config.getoption("numprocesses", None):
        raise pytest.UsageError("bench.emails_dump runs in one process: pass -n 0")
    root = Path(directory).resolve()
    if root.exists() and any(root.iterdir()):
        raise pytest.UsageError(f"{ENVIRONMENT}={root} is not empty: dump into a new directory")
    root.mkdir(parents=True, exist_ok=True)
    config.pluginmanager.register(Dumper(root), "fogdip-emails-dump")


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    tree = Path(__file__).resolve().parent.parent
    command = [
        sys.executable,
        *("-m", "pytest", "-p", "bench.emails_dump", *(argv[1:] or TESTS)),
        *("-n", "0", "-q", "-p", "no:cacheprovider"),
    ]
    environment = {**os.environ, ENVIRONMENT: str(Path(argv[0]).resolve())}
    return subprocess.call(command, cwd=tree, env=environment)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
