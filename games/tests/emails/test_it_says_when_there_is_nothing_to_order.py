"""A results email says what the next phase asks of the power, from its own
record: orders, or nothing but 'I'm ready'. In a fog game every retreat
phase is held, and the email said 'Enter your orders' to powers with none."""

from __future__ import annotations

from games.actions.processing import adjudicate_phase, claim_phase_now
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of


def results_text(first_phase, power: str) -> str:
    assert claim_phase_now(first_phase)
    adjudicate_phase(first_phase.pk)
    row = OutboxMessage.objects.get(kind="results", phase=first_phase, power=power)
    return str(build_message(draft_of(row)).body)


def test_a_power_with_nothing_to_retreat_is_told_so(first_phase):
    text = results_text(first_phase, "FRANCE")
    assert "Next: Spring 1901 retreats" in text
    assert "France has nothing to order in it" in text
    assert "Enter your orders" not in text


def test_a_power_with_orders_to_give_is_asked_for_them(started_game):
    game, _, _ = started_game
    for ordinal in (1, 2):  # spring's movement, then its quiet retreats
        phase = game.phases.get(ordinal=ordinal)
        assert claim_phase_now(phase)
        adjudicate_phase(phase.pk)
    row = OutboxMessage.objects.get(kind="results", phase__ordinal=2, power="FRANCE")
    text = str(build_message(draft_of(row)).body)
    assert "Next: Fall 1901 movement" in text and "Enter your orders" in text
