"""Email in: a started dc2005 game, the fixtures under tests/data/mail, and
helpers to write a reply the way a mail client would and to read the answer."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from fogdip.celery import app
from games.models import Game, OrderSheet, Phase
from games.replies.addresses import reply_address_of_game_master, reply_address_of_seat
from games.tests.emails.conftest import make_game
from postoffice.inbound.handler import Handled, handle_message
from postoffice.inbound.models import ReceivedMail
from postoffice.inbound.waiting import handle_received_mail
from postoffice.tasks import sweep_outbox

MAIL_DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "mail"
FIXTURES = sorted(path.name for path in MAIL_DATA.glob("*.eml"))
ENGLISH_OPENING = ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"]


def seat_address(game: Game, power: str) -> str:
    return reply_address_of_seat(game.active_seats().get(power=power))


def fixture_bytes(name: str, sender: str, reply_address: str) -> bytes:
    raw = (MAIL_DATA / name).read_bytes()
    return raw.replace(b"SENDER_ADDRESS", sender.encode()).replace(
        b"REPLY_ADDRESS", reply_address.encode()
    )


def letter(
    body: str,
    sender: str,
    to: str,
    *,
    message_id: str = "",
    subject: str = "Re: Fogbound",
    headers: dict[str, str] | None = None,
) -> bytes:
    """A plain-text reply as a mail client writes it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = message_id or make_msgid(domain="client.example.org")
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    return message.as_bytes()


def send(body: str, sender: str, to: str, **kwargs: Any) -> Handled:
    return handle_message(letter(body, sender, to, **kwargs), "test")


def handle_waiting_mail() -> list[str]:
    """What a worker does with the mail a webhook recorded: each row's task, run here."""
    return [handle_received_mail(pk) for pk in ReceivedMail.objects.values_list("pk", flat=True)]


def answers_to(address: str) -> list[Any]:
    """Send what the outbox holds and return the answers that went to ``address``."""
    mail.outbox = []
    app.conf.task_always_eager = True  # the sweep's send tasks run here, as a worker would
    try:
        sweep_outbox()
    finally:
        app.conf.task_always_eager = False
    return [m for m in mail.outbox if m.to == [address] and is_answer(m)]


def is_answer(message: Any) -> bool:
    return message.extra_headers.get("Auto-Submitted") == "auto-replied"


def sheet_of(phase: Phase, power: str) -> list[str]:
    sheet = OrderSheet.objects.filter(phase=phase, power=power).first()
    return list(sheet.parsed) if sheet else []


@pytest.fixture
def game_and_players(db) -> tuple[Game, Any, dict[str, Any]]:
    return make_game("dc2005")


@pytest.fixture
def game(game_and_players) -> Game:
    return game_and_players[0]


@pytest.fixture
def phase(game) -> Phase:
    return game.phases.get(ordinal=1)


@pytest.fixture
def england(game) -> str:
    return seat_address(game, "ENGLAND")


@pytest.fixture
def game_master_address(game) -> str:
    return reply_address_of_game_master(game)
