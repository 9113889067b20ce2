"""ABSENT <first day> <last day> by reply, through the same action as the
game page: a deadline in the absence moves, and every player is told alike."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import Absence, Game, Phase
from games.tests.replies.conftest import answers_to, seat_address, send
from postoffice.models import OutboxMessage
from tests.plain_text import says

pytestmark = pytest.mark.django_db


def reply(game: Game, power: str, body: str) -> None:
    send(body, f"{power.lower()}@example.org", seat_address(game, power))


def test_an_absence_by_email_is_noted_and_moves_no_fog_deadline(game):
    phase = game.phases.get(status=Phase.Status.OPEN)
    first = phase.deadline.astimezone(game.clock().tz).date()
    last = first + timedelta(days=1)
    reply(game, "ITALY", f"ABSENT {first} TO {last}")
    absence = Absence.objects.get()
    assert (absence.power, absence.first_day, absence.last_day) == ("ITALY", first, last)
    noted = f"Your absence from {first} to {last} is noted; in a fog game it moves no deadline"
    assert says(answers_to("italy@example.org")[0].body, noted)
    deadline = phase.deadline
    phase.refresh_from_db()
    assert phase.deadline == deadline  # who is away would show (docs/fog.md)
    assert not OutboxMessage.objects.filter(kind=OutboxMessage.Kind.DEADLINE).exists()


def test_it_names_an_unreadable_absence(game):
    reply(game, "ITALY", "ABSENT next week")
    body = answers_to("italy@example.org")[0].body
    assert 'could not read "ABSENT"' in body
    assert not Absence.objects.exists()


def test_it_refuses_an_absence_ending_before_it_starts(game):
    reply(game, "ITALY", "ABSENT 2030-01-10 2030-01-02")
    body = answers_to("italy@example.org")[0].body
    assert "must end on or after the day it starts" in body
    assert not Absence.objects.exists()
