"""The deadline sweep: claims due phases once, skips paused games, recovers
stuck claims; the adjudication task is idempotent."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games import actions
from games.actions.processing import STUCK_AFTER
from games.models import Game, KnowledgeRecord, Phase, Seat
from games.tasks import adjudicate_phase_task, sweep_deadlines
from games.tests.web.conftest import Personas, open_phase, pass_deadline


def test_it_is_scheduled_by_beat() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["sweep-deadlines"]
    assert entry["task"] == "games.tasks.sweep_deadlines"
    assert entry["schedule"] == float(settings.DEADLINE_SWEEP_SECONDS)


def test_it_adjudicates_a_phase_whose_deadline_passed(game: Game) -> None:
    phase = open_phase(game)
    pass_deadline(phase)
    assert sweep_deadlines() == [phase.pk]
    phase.refresh_from_db()
    assert phase.status == Phase.Status.DONE
    assert open_phase(game).name == "F1901M"


def test_it_leaves_a_phase_before_its_deadline(game: Game) -> None:
    assert sweep_deadlines() == []
    assert open_phase(game).name == "S1901M"


def test_it_leaves_paused_games(game: Game) -> None:
    pass_deadline(open_phase(game))
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED)
    assert sweep_deadlines() == []


def test_it_gives_the_next_phase_a_full_deadline(game: Game) -> None:
    pass_deadline(open_phase(game))
    sweep_deadlines()
    remaining = open_phase(game).deadline - timezone.now()
    assert timedelta(hours=47) < remaining <= timedelta(hours=48)


def test_it_recovers_a_claim_whose_worker_died(game: Game) -> None:
    phase = open_phase(game)
    stale = timezone.now() - STUCK_AFTER - timedelta(minutes=1)
    Phase.objects.filter(pk=phase.pk).update(status=Phase.Status.ADJUDICATING, claimed=stale)
    assert sweep_deadlines() == [phase.pk]
    phase.refresh_from_db()
    assert phase.status == Phase.Status.DONE


def test_it_leaves_a_fresh_claim_to_its_worker(game: Game) -> None:
    phase = open_phase(game)
    Phase.objects.filter(pk=phase.pk).update(
        status=Phase.Status.ADJUDICATING, claimed=timezone.now()
    )
    assert sweep_deadlines() == []


def test_it_adjudicates_once_when_the_task_comes_twice(people: Personas, game: Game) -> None:
    phase = open_phase(game)
    Phase.objects.filter(pk=phase.pk).update(status=Phase.Status.ADJUDICATING)
    assert adjudicate_phase_task(phase.pk) == Phase.Status.DONE
    phases, records = game.phases.count(), KnowledgeRecord.objects.filter(game=game).count()
    assert adjudicate_phase_task(phase.pk) == Phase.Status.DONE
    assert game.phases.count() == phases
    assert KnowledgeRecord.objects.filter(game=game).count() == records
    assert KnowledgeRecord.objects.filter(game=game, ordinal=phase.ordinal).count() == 9


def test_it_does_not_adjudicate_an_unclaimed_phase(game: Game) -> None:
    phase = open_phase(game)
    assert adjudicate_phase_task(phase.pk) == Phase.Status.OPEN
    assert game.phases.count() == 1


def test_it_puts_a_silent_power_in_civil_disorder(people: Personas, game: Game) -> None:
    phase = open_phase(game)
    actions.submit_orders(phase, people.player, "FRANCE", ["A Par - Bur"])
    pass_deadline(phase)
    sweep_deadlines()
    statuses = dict(game.seats.exclude(status=Seat.Status.REPLACED).values_list("power", "status"))
    assert statuses == {"FRANCE": Seat.Status.ACTIVE, "GERMANY": Seat.Status.CIVIL_DISORDER}


def test_it_takes_a_power_out_of_civil_disorder_when_it_orders(
    people: Personas, game: Game
) -> None:
    pass_deadline(open_phase(game))
    sweep_deadlines()
    actions.submit_orders(open_phase(game), people.other, "GERMANY", ["A Mun - Bur"])
    seat = game.seats.exclude(status=Seat.Status.REPLACED).get(power="GERMANY")
    assert seat.status == Seat.Status.ACTIVE
