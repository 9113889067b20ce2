"""Hostile input straight into the order reader and every form, without HTTP:
the same strategies as tests/fuzz/inputs.py, many times faster, for the bench
and a seeded test."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from games import forms as game_forms
from games import gateway, order_entry
from games.mail.forms import EmailSettingsForm
from tests.fuzz.inputs import form_data, order_text, texts

UNITS = {"M": ["A PAR", "F BRE", "A MAR"], "R": ["A MUN"], "A": ["A PAR", "F BRE"]}
BOARD = gateway.board("standard")
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
ORDER_ROWS = [("Army in Paris", "", [("A PAR H", "Hold"), ("A PAR - BUR", "Move to Burgundy")])]


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
    from games.inbound.handler import handle_message
    from games.inbound.reading import Unreadable

    try:
        handled = handle_message(raw, "fuzz")
    except Unreadable as error:
        assert str(error), "an unreadable message must say why"
        return
    assert handled.outcome == "accepted" or handled.reason, handled


def raw_email(sender: str, to: str, subject: str, body: str) -> bytes:
    headers = f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\n"
    return (headers + "\r\n" + body).encode("utf-8", "surrogateescape")


raw_emails = st.one_of(
    st.binary(max_size=300),
    st.builds(
        raw_email, texts, st.one_of(texts, st.just("reply+abc@fogdip.localhost")), texts, order_text
    ),
)

FORMS: dict[str, Callable[[Any], forms.BaseForm]] = {
    "game": game_forms.GameForm,
    "invite": game_forms.InviteForm,
    "join": lambda data: game_forms.JoinForm(data, powers=POWERS),
    "setup choice": lambda data: game_forms.SetupChoiceForm(
        data, picks=order_entry.setup_picks(BOARD)
    ),
    "assign": game_forms.AssignForm,
    "deadline": game_forms.DeadlineForm,
    "extend": game_forms.ExtendForm,
    "replace": lambda data: game_forms.ReplaceForm(data, powers=POWERS),
    "end": game_forms.EndForm,
    "unfog": game_forms.UnfogForm,
    "press switch": game_forms.PressSwitchForm,
    "sign up": game_forms.SignUpForm,
    "profile": game_forms.ProfileForm,
    "email settings": EmailSettingsForm,
    "orders": lambda data: game_forms.OrdersForm(ORDER_ROWS, data),
    "press": lambda data: game_forms.PressForm(
        "FRANCE", ["FRANCE", "GERMANY"], ["FRANCE", ""], data
    ),
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
    for name, make in FORMS.items():
        check_data = lambda data, make=make: check_form(make, data)  # noqa: E731
        counts[f"form: {name}"] = run(form_data, check_data, examples, seed_value)
    return counts
