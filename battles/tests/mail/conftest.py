"""Battles by email: a battle set up by the game master's actions, and a mailbox
that sends replies through the inbound handler and reads what the outbox sends.

Tasks queued on commit run at once, as a worker would run them, so every
email a test reads went through the outbox: claimed, built, sent, marked."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from email.utils import make_msgid
from typing import Any

import pytest
from django.core import mail

from adjudication.battle import dice
from battles.actions.play import start_battle
from battles.actions.setup import Placement, Settings, assign_side, create_battle, place_token
from battles.models import Battle
from fogdip.celery import app as celery_app
from games.tests.replies.conftest import letter
from postoffice.inbound.handler import Handled, handle_message
from postoffice.models import OutboxMessage
from tests.fixtures import confirmed_user

SEED = "ab" * 32


class Cast:
    def __init__(self) -> None:
        self.gm = confirmed_user("gm", "gm@example.org")
        self.red = confirmed_user("red", "red@example.org")
        self.blue = confirmed_user("blue", "blue@example.org")

    def user(self, name: str) -> Any:
        return getattr(self, name)


@pytest.fixture
def cast(db: None) -> Cast:
    return Cast()


@pytest.fixture(autouse=True)
def worker() -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def knight(
    name: str, side: str, at: str, *, att: int = 5, defence: int = 1, hp: int = 2
) -> Placement:
    """A hard-hitting token, so that a battle ends in a few turns."""
    return Placement(name=name, side=side, at=at, att=att, defence=defence, spd=3, hp=hp)


def set_up(cast: Cast, tokens: list[Placement], sight: int | None = None) -> Battle:
    """Red and Blue on an 8x6 grid, with a fixed seed so two set-ups roll alike."""
    settings = Settings("Skirmish at the ford", 8, 6, ("Red", "Blue"), sight=sight)
    battle = create_battle(cast.gm, settings)
    Battle.objects.filter(pk=battle.pk).update(seed=SEED, commitment=dice.commitment(SEED))
    battle.refresh_from_db()
    for placement in tokens:
        place_token(battle, cast.gm, placement)
    assign_side(battle, cast.gm, "Red", cast.red)
    assign_side(battle, cast.gm, "Blue", cast.blue)
    return battle


class Mailbox:
    """Every email the outbox sends, kept in order; replies go in through the handler."""

    def __init__(self, capture: Callable[..., Any]) -> None:
        self.capture = capture
        self.sent: list[Any] = []
        self.count = 0

    def run(self, act: Callable[[], Any]) -> Any:
        mail.outbox = []
        with self.capture(execute=True):
            result = act()
        self.sent += list(mail.outbox)
        return result

    def start(self, battle: Battle, gm: Any) -> None:
        self.run(lambda: start_battle(battle, gm))

    def write(self, sender: Any, to: str, body: str) -> Handled:
        self.count += 1
        raw = letter(body, sender.email, to, message_id=make_msgid(f"m{self.count}"))
        return self.run(lambda: handle_message(raw, "test"))

    def to(self, user: Any, subject_has: str = "") -> list[Any]:
        return [m for m in self.sent if m.to == [user.email] and subject_has in m.subject]

    def last_to(self, user: Any, subject_has: str = "") -> Any:
        found = self.to(user, subject_has)
        assert found, f"no email to {user.email} with {subject_has!r}"
        return found[-1]

    def reply(self, user: Any, subject_has: str, body: str) -> Any:
        """Reply to the newest email with ``subject_has`` and return FogDip's answer."""
        replied = self.last_to(user, subject_has)
        before = len(self.sent)
        handled = self.write(user, replied.reply_to[0], body)
        assert handled.outcome == "accepted", handled
        answers = [m for m in self.sent[before:] if m.to == [user.email] and is_answer(m)]
        assert len(answers) == 1
        return answers[0]


def is_answer(message: Any) -> bool:
    return message.extra_headers.get("Auto-Submitted") == "auto-replied"


@pytest.fixture
def mailbox(django_capture_on_commit_callbacks: Callable[..., Any]) -> Mailbox:
    return Mailbox(django_capture_on_commit_callbacks)


def kinds_sent() -> list[str]:
    return list(OutboxMessage.objects.values_list("kind", flat=True))
