"""The game master emails PROCESS, then PAUSE before the adjudication has
run: the next phase opens in a paused game. It must keep its whole length
for when the game resumes; RESUME never sets a deadline to now (it was
adjudicated seconds later with nobody's orders)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.actions.processing import adjudicate_phase
from games.models import Phase
from games.tests.replies.clients import send_client_mail

GM = "gm@example.org"
MINUTE = timedelta(minutes=1)


def process_then_pause(game, phase, address):
    assert send_client_mail("gmail_gm_process.eml", GM, address).outcome == "accepted"
    assert send_client_mail("gmail_gm_pause.eml", GM, address).outcome == "accepted"
    adjudicate_phase(phase.pk)  # the queued adjudication runs after the pause
    game.refresh_from_db()
    assert game.status == "paused"
    return game.phases.get(status=Phase.Status.OPEN)


def test_a_phase_opened_while_paused_keeps_its_whole_length(game, phase, game_master_address):
    following = process_then_pause(game, phase, game_master_address)
    length = game.clock().length(following.kind)
    assert following.paused_remaining is not None
    assert abs(following.paused_remaining - length) < MINUTE


def test_resume_gives_that_phase_its_whole_length(game, phase, game_master_address):
    following = process_then_pause(game, phase, game_master_address)
    assert send_client_mail("gmail_gm_resume.eml", GM, game_master_address).outcome == "accepted"
    following.refresh_from_db()
    game.refresh_from_db()
    assert game.status == "active"
    left = following.deadline - timezone.now()
    assert left > game.clock().length(following.kind) - MINUTE


def test_resume_never_sets_a_deadline_to_now(game, phase, game_master_address):
    send_client_mail("gmail_gm_pause.eml", GM, game_master_address)
    Phase.objects.filter(pk=phase.pk).update(paused_remaining=None)  # saved by older code
    send_client_mail("gmail_gm_resume.eml", GM, game_master_address)
    phase.refresh_from_db()
    assert phase.deadline - timezone.now() > game.clock().length(phase.kind) - MINUTE
