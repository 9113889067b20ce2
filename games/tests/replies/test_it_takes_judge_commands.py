"""The judge commands a veteran writes (Thunderbird, one a line): LIST,
HISTORY [phase], GET RECORD [phase], SUMMARY, SET, power initials in
PRESS TO, BROADCAST, ENDPRESS; each answered from the writer's own view."""

from __future__ import annotations

import pytest

from games import actions
from games.models import PressMessage
from games.tests.replies.clients import send_client_mail
from games.tests.replies.conftest import answers_to
from postoffice.models import EmailSettings

SENDER = "england@example.org"


@pytest.fixture
def answer(game, phase, england) -> str:
    assert actions.claim_phase_now(phase)
    actions.adjudicate_phase(phase.pk)
    answers_to(SENDER)
    handled = send_client_mail("thunderbird_judge_commands.eml", SENDER, england)
    assert handled.outcome == "accepted"
    found = answers_to(SENDER)
    assert len(found) == 1
    return found[0].body


def test_list_names_my_game_power_phase_and_state(game, answer):
    assert f"Fogbound (#{game.pk}): England; " in answer
    assert "no orders" in answer.split("> LIST")[1].split("> HISTORY")[0]


def test_history_and_get_record_resend_my_results(answer):
    record = answer.split("> HISTORY S1901M")[1].split("> SUMMARY")[0]
    assert record.count("== Spring 1901 movement ==") == 2  # HISTORY and GET RECORD
    assert "NOT DONE" not in record


def test_summary_lists_the_position(answer):
    summary = answer.split("> SUMMARY")[1].split("> SET")[0]
    assert "Your centres (3): EDI, LON, LVP" in summary


def test_set_changes_my_email_preferences(game_and_players, answer):
    settings = EmailSettings.objects.get(user=game_and_players[2]["ENGLAND"])
    assert not settings.reminders and not settings.html
    assert "Reminders are off." in answer


def test_press_to_initials_and_broadcast(game, answer):
    to_two = PressMessage.objects.get(game=game, body="Quiet in the Channel?")
    assert sorted(r.power for r in to_two.recipients.all()) == ["FRANCE", "GERMANY"]
    everyone = PressMessage.objects.get(game=game, body="Peace in our time.")
    assert everyone.broadcast and everyone.recipients.count() == 6
