"""Reminders go to powers with something to order and no orders, and reveal nothing else."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from adjudication.record import parse_record
from games import actions
from games.emails import reminders as reminder_module
from games.emails.reminders import queue_due_reminders
from games.order_entry import has_something_to_order
from games.tests.emails.conftest import make_game
from postoffice.compose import build_message
from postoffice.models import EmailSettings, OutboxMessage
from postoffice.sending import draft_of


def reminders(game):
    return OutboxMessage.objects.filter(game=game, kind="reminder")


@pytest.fixture
def closing_soon(started_game, first_phase):
    """The first phase's deadline is two hours away."""
    first_phase.deadline = timezone.now() + timedelta(hours=2)
    first_phase.save(update_fields=["deadline"])
    return first_phase


def test_it_reminds_every_power_without_orders(started_game, closing_soon):
    assert queue_due_reminders(timezone.now()) == 7
    assert queue_due_reminders(timezone.now()) == 0  # once per phase and power


def test_it_skips_powers_that_have_ordered(started_game, closing_soon):
    game, _, players = started_game
    actions.submit_orders(closing_soon, players["GERMANY"], "GERMANY", ["A MUN H"])
    queue_due_reminders(timezone.now())
    assert "GERMANY" not in set(reminders(game).values_list("power", flat=True))


def test_it_waits_until_the_players_chosen_hour(started_game, first_phase):
    game, _, players = started_game
    first_phase.deadline = timezone.now() + timedelta(hours=20)
    first_phase.save(update_fields=["deadline"])
    EmailSettings.objects.update_or_create(user=players["FRANCE"], defaults={"reminder_hours": 24})
    queue_due_reminders(timezone.now())
    assert list(reminders(game).values_list("power", flat=True)) == ["FRANCE"]


def test_it_respects_players_who_turned_reminders_off(started_game, closing_soon):
    game, _, players = started_game
    EmailSettings.objects.update_or_create(user=players["ITALY"], defaults={"reminders": False})
    queue_due_reminders(timezone.now())
    assert "ITALY" not in set(reminders(game).values_list("power", flat=True))


def test_it_says_the_same_whatever_the_others_did(started_game, closing_soon):
    """Germany's reminder is byte-identical whether or not every other power has ordered."""
    game, _, players = started_game
    queue_due_reminders(timezone.now())
    before = build_message(draft_of(reminders(game).get(power="GERMANY"))).body
    for power in ("FRANCE", "ENGLAND", "RUSSIA"):
        actions.submit_orders(closing_soon, players[power], power, [])
        actions.set_ready(closing_soon, players[power], power, True)
    after = build_message(draft_of(reminders(game).get(power="GERMANY"))).body
    assert before == after
    assert "FRANCE" not in before.upper().replace("FOGBOUND", "")


@pytest.mark.parametrize(
    ("record", "kind", "expected"),
    [
        ({"units": {"ITALY": ["A ROM"]}}, "M", True),
        ({"units": {}}, "M", False),
        ({"units": {"ITALY": ["A ROM"]}, "dislodged": []}, "R", False),
        ({"dislodged": [{"power": "ITALY", "unit": "A ROM"}]}, "R", True),
        ({"units": {"ITALY": ["A ROM"]}, "centers": {"ITALY": ["ROM", "NAP"]}}, "A", True),
        ({"units": {"ITALY": ["A ROM"]}, "centers": {"ITALY": ["ROM"]}}, "A", False),
    ],
)
def test_it_knows_from_the_own_record_whether_there_is_anything_to_order(record, kind, expected):
    bare = {"power": "ITALY", "phase": "S1901M", "sees": [], "units": {}, "centers": {}}
    knowledge = parse_record({**bare, **record})
    assert has_something_to_order(knowledge, "ITALY", kind) is expected


def test_a_game_whose_reminders_fail_never_stops_the_others(
    started_game, closing_soon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One game's failure is logged; the sweep reminds every other game's
    players, and tries the failed game again next time."""
    broken, _, _ = started_game
    other, _, _ = make_game(suffix="2")
    other.phases.filter(ordinal=1).update(deadline=timezone.now() + timedelta(hours=2))
    real = reminder_module.wants_reminder_now

    def wants(seat, phase, now):
        if phase.game_id == broken.pk:
            raise RuntimeError("a record that cannot be read")
        return real(seat, phase, now)

    monkeypatch.setattr(reminder_module, "wants_reminder_now", wants)
    assert queue_due_reminders(timezone.now()) == 7
    assert reminders(other).count() == 7 and not reminders(broken).exists()
    monkeypatch.undo()
    assert queue_due_reminders(timezone.now()) == 7
    assert reminders(broken).count() == 7


def test_a_sweep_after_everyone_is_reminded_costs_a_few_queries(
    started_game, closing_soon, django_assert_max_num_queries
):
    """The beat sweeps every few seconds: a phase whose powers are all
    reminded or ordered is passed by on a few queries, not a record read
    and three queries for each seat."""
    _, _, players = started_game
    actions.submit_orders(closing_soon, players["GERMANY"], "GERMANY", ["A MUN H"])
    assert queue_due_reminders(timezone.now()) == 6
    with django_assert_max_num_queries(4):  # the phases, seats, sheets and queued keys
        assert queue_due_reminders(timezone.now()) == 0


def test_a_newcomer_in_a_reminded_seat_is_not_reminded_again(started_game, closing_soon):
    """One reminder per power and phase (its outbox key), whoever holds the seat."""
    game, _, players = started_game
    assert queue_due_reminders(timezone.now()) == 7
    seat = game.seats.get(power="ITALY")
    newcomer = type(players["ITALY"]).objects.create_user("newcomer", "newcomer@example.org")
    seat.user = newcomer
    seat.save(update_fields=["user"])
    assert queue_due_reminders(timezone.now()) == 0
