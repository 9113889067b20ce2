"""njudge's own forms, as a veteran writes them (Thunderbird): LIST, SUMMARY
and HISTORY with the game's name, GET RULES, SET NOWAIT / WAIT / ABSENCE
(READY, NOT READY, ABSENT) and RESIGN (LEAVE GAME); each answered from the
writer's own view, an error always as NOT DONE."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.absences.models import Absence
from games.models import OrderSheet, Seat
from games.tests.replies.clients import send_round_three
from games.tests.replies.conftest import answers_to, send

pytestmark = pytest.mark.django_db
SENDER = "england@example.org"


def only_answer() -> str:
    (answer,) = answers_to(SENDER)
    return str(answer.body)


def test_the_game_named_after_list_summary_and_history(game, phase, england):
    send_round_three("thunderbird_veteran_commands.eml", SENDER, england)
    body = only_answer()
    assert "NOT DONE" not in body, body
    assert f"Fogbound (#{game.pk}): England; Spring 1901 movement" in body
    assert "Fogbound, as England knows it after" in body
    assert "> HISTORY Fogbound\n   == Opening position ==" in body
    assert "Fog of War (Diplomaticcorp, 2005); White press (signed)" in body
    assert OrderSheet.objects.get(phase=phase, power="ENGLAND").ready


def test_another_game_is_refused_with_not_done(game, phase, england):
    send("SUMMARY Elsewhere\nHISTORY Elsewhere\nLIST Elsewhere", SENDER, england)
    body = only_answer()
    assert 'NOT DONE: could not use "Elsewhere": this email is about Fogbound' in body
    assert 'NOT DONE: could not read "Elsewhere": name a phase like S1901M' in body
    assert 'NOT DONE: could not read "Elsewhere": not one of your games' in body


def test_set_wait_is_not_ready(game, phase, england):
    send("F Lon - Nth\nSET NOWAIT", SENDER, england)
    send("SET WAIT", SENDER, england)
    assert not OrderSheet.objects.get(phase=phase, power="ENGLAND").ready


def test_set_absence_is_an_absence(game, phase, england):
    first = timezone.now().date() + timedelta(days=20)
    last = first + timedelta(days=2)
    send(f"SET ABSENCE {first} TO {last}", SENDER, england)
    assert "NOT DONE" not in only_answer()
    absence = Absence.objects.get(game=game)
    assert (absence.first_day, absence.last_day) == (first, last)


def test_resign_leaves_the_game(game, phase, england):
    send("RESIGN", SENDER, england)
    assert "You have left the game" in only_answer()
    assert game.seats.get(power="ENGLAND").status != Seat.Status.ACTIVE
