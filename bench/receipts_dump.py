"""Every receipt the two-world walk produces, written to files: a pytest plugin.

    FOGDIP_RECEIPTS_DIR=/tmp/receipts .venv/bin/python -m pytest \
        -p bench.receipts_dump tests/twoworlds -n 2 -q -p no:cacheprovider

For comparing two trees that should serve the same bytes (a restructuring of
the code): dump each tree into its own directory, then ``diff -r`` them.

What is recorded: each call a test makes to ``tests.twoworlds.receipts``'s
``received`` or ``receipts`` (what one viewer receives from the server: its
mail rows, every page and API answer, its proposal and deadline), already
normalised for ids and tokens by tests/twoworlds/normalise.py. A call of
``receipts`` that the test stops reading early (``until_different``, a
control world read up to its first difference) is recorded as far as it was
read. A ``received`` call is recorded once, not again for the ``receipts``
call it makes inside.

Where: one file per test and call, ``<test file>/<test name>__NN-<function>.txt``
under the directory (NN counts the test's calls from 01), each receipt as
``== <what>\\n<text>\\n``. File names come from the node id alone, so
pytest-xdist workers never write the same file; a name longer than the file
system allows is cut and ends with a digest of the whole node id.

Without FOGDIP_RECEIPTS_DIR the plugin does nothing. The directory must be
empty or absent (a dump is never mixed with an older one's files). At the
end, the run says how many files the directory holds, and warns if none.

Run-to-run noise: the two-world tests run on a frozen clock
(tests/twoworlds/clock.py) and normalise.py already replaces ids, tokens,
CSRF tokens, CSP nonces and time-stamped signatures, so two runs of one tree
give the same files but for one thing, normalised here (``noise_free``):

* an API token's shown prefix. /accounts/tokens/ lists each token by the
  first 12 characters of its secret, ``fogdip_`` and 5 random ones
  (api/tokens.py, ``secrets.token_urlsafe``) followed by an ellipsis.
  Only a control world shows one (api_program's, where England makes its own
  token), and normalise.py leaves it because a control world need only
  differ: it is written ``fogdip_PREFIX``.

Should a later change make one run differ from the next, normalise that in
``noise_free`` too, and say why here.

The plugin imports nothing of ``games`` (whose module paths may move): only
``tests.twoworlds.receipts``, once pytest is configured (Django is then set
up), so it works unchanged on a tree whose apps have moved.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

ENVIRONMENT = "FOGDIP_RECEIPTS_DIR"
RECEIPTS_MODULE = "tests.twoworlds.receipts"
WRAPPED = ("received", "receipts")
# Most file systems allow 255 bytes in a name; leave room for the suffix.
LONGEST_NAME = 200
UNSAFE = re.compile(r"[^][A-Za-z0-9._+=,@-]")


# An API token's listed prefix: ``fogdip_`` and 5 random characters, then "…" or "...".
TOKEN_PREFIX = re.compile(r"\bfogdip_[A-Za-z0-9_-]{5}(?=…|\.\.\.)")


def noise_free(text: str) -> str:
    """Without what differs from one run of the same tree to the next (above)."""
    return TOKEN_PREFIX.sub("fogdip_PREFIX", text)


def file_path(root: Path, nodeid: str, number: int, function: str) -> Path:
    """``tests/twoworlds/test_x.py::test_y[a-b]`` as
    ``root/tests.twoworlds.test_x/test_y[a-b]__NN-function.txt``."""
    module, _, name = nodeid.partition("::")
    folder = UNSAFE.sub("_", module.removesuffix(".py").replace("/", "."))
    stem = UNSAFE.sub("_", name.replace("::", ".")) or "module"
    if len(stem.encode()) > LONGEST_NAME:
        digest = hashlib.sha256(nodeid.encode()).hexdigest()[:16]
        stem = f"{stem[: LONGEST_NAME - 17]}-{digest}"
    return root / folder / f"{stem}__{number:02d}-{function}.txt"


class Recorder:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.nodeid = "outside-any-test"
        self.calls: list[tuple[str, list[tuple[str, str]]]] = []
        self.depth = 0  # > 0 inside a recorded call: its inner calls are not recorded again
        self.written = 0
        self.originals: dict[str, Callable[..., Any]] = {}
        self.wrappers: dict[str, Callable[..., Any]] = {}

    # The wrapping.

    def install(self) -> None:
        module = __import__(RECEIPTS_MODULE, fromlist=["_"])
        self.originals = {name: getattr(module, name) for name in WRAPPED}
        self.wrappers = {"received": self.received, "receipts": self.receipts}
        for name in WRAPPED:
            setattr(module, name, self.wrappers[name])
        self.rebind()

    def rebind(self) -> int:
        """Modules that imported a wrapped function by name before it was
        wrapped (``from tests.twoworlds.receipts import received``) hold the
        original: point them at the wrapper. Returns how many were rebound."""
        rebound = 0
        for module_name, module in list(sys.modules.items()):
            if module is None or not module_name.startswith("tests"):
                continue
            for name, original in self.originals.items():
                if getattr(module, name, None) is original:
                    setattr(module, name, self.wrappers[name])
                    rebound += 1
        return rebound

    def received(self, *args: Any, **kwargs: Any) -> list[tuple[str, str]]:
        original = self.originals["received"]
        if self.depth:
            return original(*args, **kwargs)
        self.depth += 1
        try:
            got = original(*args, **kwargs)
        finally:
            self.depth -= 1
        self.calls.append(("received", list(got)))
        return got

    def receipts(self, *args: Any, **kwargs: Any) -> Iterator[tuple[str, str]]:
        original = self.originals["receipts"]
        if self.depth:
            return original(*args, **kwargs)
        # Numbered when called; filled as the test reads it, however far.
        taken: list[tuple[str, str]] = []
        self.calls.append(("receipts", taken))
        return self._reading(original(*args, **kwargs), taken)

    def _reading(
        self, items: Iterator[tuple[str, str]], taken: list[tuple[str, str]]
    ) -> Iterator[tuple[str, str]]:
        self.depth += 1
        try:
            for item in items:
                taken.append(item)
                # The reader's own code runs between items: not inside the call.
                self.depth -= 1
                try:
                    yield item
                finally:
                    self.depth += 1
        finally:
            self.depth -= 1

    # The writing.

    def write(self, nodeid: str) -> None:
        for number, (function, items) in enumerate(self.calls, start=1):
            path = file_path(self.root, nodeid, number, function)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = "".join(f"== {what}\n{body}\n" for what, body in items)
            path.write_text(noise_free(text), encoding="utf-8")
            self.written += 1
        self.calls = []

    # pytest's hooks.

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.rebind()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        self.rebind()  # a module imported late, by a test or a fixture
        self.calls = []
        yield
        self.write(item.nodeid)


def pytest_configure(config: pytest.Config) -> None:
    directory = os.environ.get(ENVIRONMENT)
    if not directory:
        return
    root = Path(directory).resolve()
    is_worker = hasattr(config, "workerinput")
    if not is_worker and root.exists() and any(root.iterdir()):
        raise pytest.UsageError(f"{ENVIRONMENT}={root} is not empty: dump into a new directory")
    root.mkdir(parents=True, exist_ok=True)
    recorder = Recorder(root)
    recorder.install()
    config.pluginmanager.register(recorder, "fogdip-receipts-dump")
    config.stash[RECORDER] = recorder


RECORDER = pytest.StashKey[Recorder]()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    recorder = config.stash.get(RECORDER, None)
    if recorder is None or hasattr(config, "workerinput"):
        return
    files = sum(1 for path in recorder.root.rglob("*.txt"))
    terminalreporter.write_line(f"receipts dump: {files} files in {recorder.root}")
    if not files:
        terminalreporter.write_line(
            "receipts dump: NOTHING RECORDED (did the tests call received/receipts?)", red=True
        )
