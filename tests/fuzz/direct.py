"""Hostile input straight into the order reader and every form, without HTTP:
the same strategies as tests/fuzz/inputs.py, many times faster, for the bench
and a seeded test."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.test import RequestFactory
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from accounts.forms import ProfileForm, SignUpForm
from games import gateway, order_entry
from games.forms.console import DeadlineForm, EndForm, ExtendForm, PressSwitchForm, UnfogForm
from games.forms.new_game import GameForm
from games.forms.orders import OrdersForm
from games.forms.press import PressForm
from games.forms.seats import AssignForm, InviteForm, JoinForm, ReplaceForm, SetupChoiceForm
from postoffice.forms import EmailSettingsForm
from tests.fuzz.inputs import form_data, order_text, texts

UNITS = {"M": ["A PAR", "F BRE", "A MAR"], "R": ["A MUN"], "A": ["A PAR", "F BRE"]}
BOARD = gateway.board("standard")
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
# The profile form checks the signed-in person's password before an address change.
FUZZ_USER = User(username="fuzz", email="fuzz@example.org")
ORDER_ROWS = [("Army in Paris", "", [("A PAR H", "Hold"), ("A PAR - BUR", "Move to Burgundy")])]


def as_fuzz_user() -> HttpRequest:
    """A request by FUZZ_USER: the profile form checks the password as a sign-in does."""
    request = RequestFactory().post("/accounts/profile/")
    request.user = FUZZ_USER
    return request


def check_order_text(text: str, kind: str) -> None:
    """Every line read or refused with a reason naming the problem; never an exception."""
    for line in order_entry.check_lines(BOARD, text, UNITS[kind], kind):
        assert line.ok or line.error.startswith("could not"), line
        assert line.ok == bool(line.order) or not line.ok
    try:
        order_entry.read_retreat_list(BOARD, text)
    except ValueError as error:
        assert str(error).startswith("could not"), error
    for line in order_entry.read_adjustment_list(BOARD, text.splitlines(), UNITS["A"]):
        assert line.ok or line.error, line


def check_email_body(body: str) -> None:
    """An emailed body's order lines, read like the order page's typed box."""
    given = order_entry.input_from_text(body)
    check_order_text("\n".join(given.lines), "M")


def check_raw_email(raw: bytes) -> None:
    """Any bytes arriving as mail: handled with a reason, or refused as not an email."""
    from postoffice.inbound.handler import handle_message
    from postoffice.inbound.reading import Unreadable

    try:
        handled = handle_message(raw, "fuzz")
    except Unreadable as error:
        assert str(error), "an unreadable message must say why"
        return
    assert handled.outcome == "accepted" or handled.reason, handled


def check_piped_email(raw: bytes) -> None:
    """The same bytes on the pipe: exit 0 (handled) or 65 (not an email), nothing else."""
    import io
    import sys
    from unittest import mock

    from django.core.management import call_command
    from django.core.management.base import CommandError

    stdin = mock.Mock(buffer=io.BytesIO(raw))
    with mock.patch.object(sys, "stdin", stdin):
        try:
            call_command("receive_mail", stdout=io.StringIO())
        except CommandError as error:
            assert error.returncode == 65, error


WEBHOOK_KEY = "fuzz-signing-key"


def check_webhook_email(raw: bytes) -> None:
    """The same bytes posted, signed, to Mailgun's inbound webhook: always 200
    (handled or recorded as refused), so the provider never retries them."""
    import hashlib
    import hmac
    import secrets
    import time

    from django.test import Client, override_settings

    stamp, token = str(int(time.time())), secrets.token_hex(25)
    signature = hmac.new(WEBHOOK_KEY.encode(), f"{stamp}{token}".encode(), hashlib.sha256)
    form = {"body-mime": raw.decode("utf-8", "replace"), "timestamp": stamp, "token": token}
    form["signature"] = signature.hexdigest()
    anymail = {"MAILGUN_WEBHOOK_SIGNING_KEY": WEBHOOK_KEY}
    with override_settings(INBOUND_EMAIL_PROVIDER="mailgun", ANYMAIL=anymail):
        response = Client().post("/anymail/mailgun/inbound_mime/", form)
    assert response.status_code == 200, response.content[:300]


def raw_email(sender: str, to: str, subject: str, body: str) -> bytes:
    headers = f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\n"
    return (headers + "\r\n" + body).encode("utf-8", "surrogateescape")


def nested_email(depth: int, body: str) -> bytes:
    """A multipart in a multipart, ``depth`` deep (the attack's 3,000 levels and less)."""
    levels = "".join(
        f'Content-Type: multipart/mixed; boundary="b{n}"\r\n\r\n--b{n}\r\n' for n in range(depth)
    )
    head = "From: a@example.org\r\nTo: reply+abc@fogdip.localhost\r\nSubject: deep\r\n"
    return (head + levels + "Content-Type: text/plain\r\n\r\n" + body).encode("utf-8", "replace")


def crowded_email(parts: int, headers: int) -> bytes:
    extra = "".join(f"X-Filler-{n}: x\r\n" for n in range(headers))
    part = "--b\r\nContent-Type: text/plain\r\n\r\nF Lon - Nth\r\n"
    head = f"From: a@example.org\r\nTo: x@y\r\n{extra}"
    body = 'Content-Type: multipart/mixed; boundary="b"\r\n\r\n' + part * parts + "--b--\r\n"
    return (head + body).encode()


# Control characters and NUL, which PostgreSQL refuses in text.
controls = st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=60)
raw_emails = st.one_of(
    st.binary(max_size=300),
    st.builds(
        raw_email, texts, st.one_of(texts, st.just("reply+abc@fogdip.localhost")), texts, order_text
    ),
    st.builds(raw_email, controls, st.just("reply+abc@fogdip.localhost"), controls, controls),
    st.builds(nested_email, st.integers(1, 3000), controls),
    st.builds(crowded_email, st.integers(0, 600), st.integers(0, 700)),
)

FORMS: dict[str, Callable[[Any], forms.BaseForm]] = {
    "game": GameForm,
    "invite": InviteForm,
    "join": lambda data: JoinForm(data, powers=POWERS),
    "setup choice": lambda data: SetupChoiceForm(data, picks=order_entry.setup_picks(BOARD)),
    "assign": AssignForm,
    "deadline": DeadlineForm,
    "extend": ExtendForm,
    "replace": lambda data: ReplaceForm(data, powers=POWERS),
    "end": EndForm,
    "unfog": UnfogForm,
    "press switch": PressSwitchForm,
    "sign up": SignUpForm,
    "profile": lambda data: ProfileForm(data, request=as_fuzz_user()),
    "email settings": EmailSettingsForm,
    "orders": lambda data: OrdersForm(ORDER_ROWS, data),
    "press": lambda data: PressForm("FRANCE", ["FRANCE", "GERMANY"], ["FRANCE", ""], data),
}


def check_form(make: Callable[[Any], forms.BaseForm], data: dict[str, list[str]]) -> bool:
    """Valid, or refused with a message for each problem; never an exception."""
    from django.http import QueryDict

    posted = QueryDict(mutable=True)
    for key, values in data.items():
        posted.setlist(key, values)
    form = make(posted)
    if form.is_valid():
        return True
    messages = [message for errors in form.errors.values() for message in errors]
    assert messages and all(str(message).strip() for message in messages), form.errors
    return False


def run(
    strategy: st.SearchStrategy[Any], check: Callable[[Any], Any], examples: int, seed_value: int
) -> int:
    """``examples`` inputs from the strategy through the check; how many ran."""
    ran = []

    @seed(seed_value)
    @settings(
        max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(strategy)
    def one(value: Any) -> None:
        check(value)
        ran.append(1)

    one()
    return len(ran)


def run_seeded(examples: int, seed_value: int) -> dict[str, int]:
    """Order text per phase kind and each form, ``examples`` inputs each; the counts."""
    counts = {}
    for kind in UNITS:
        check = lambda text, kind=kind: check_order_text(text, kind)  # noqa: E731
        counts[f"order text ({kind})"] = run(
            st.one_of(order_text, texts), check, examples, seed_value
        )
    counts["email body"] = run(st.one_of(order_text, texts), check_email_body, examples, seed_value)
    counts["raw email"] = run(raw_emails, check_raw_email, examples, seed_value)
    counts["raw email by the pipe"] = run(raw_emails, check_piped_email, examples, seed_value)
    counts["raw email by webhook"] = run(raw_emails, check_webhook_email, examples, seed_value)
    for name, make in FORMS.items():
        check_data = lambda data, make=make: check_form(make, data)  # noqa: E731
        counts[f"form: {name}"] = run(form_data, check_data, examples, seed_value)
    return counts
