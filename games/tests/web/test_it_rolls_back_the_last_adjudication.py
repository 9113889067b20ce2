"""Rolling back the last adjudication: the phase opens again with its orders,
what its adjudication made goes (later phases, records, mail: cancelled if
waiting, void if sent), the game master sets the new deadline, and every
player gets the same notice. Movement, retreat and adjustment phases alike;
refused when nothing was adjudicated, when the game has ended, and while a
phase is being adjudicated, so nothing is adjudicated twice."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.urls import reverse
from django.utils import timezone

from games import actions
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.actions.queue import adjudicate_phase_task
from games.gateway import BoardEdit
from games.models import Game, KnowledgeRecord, OrderSheet, Phase
from games.tests.web.conftest import Personas, open_phase
from games.tests.web.test_it_leaks_nothing_to_a_fogged_player import FAR_AWAY, play_spring, received
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of

LATER = (timezone.now() + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")


def adjudicate(game: Game) -> None:
    """Claim and adjudicate the open phase here; its mail stays waiting."""
    phase = open_phase(game)
    assert claim_phase_now(phase)
    adjudicate_phase(phase.pk)


def roll_back(people: Personas, game: Game, deadline: str = LATER, confirm: str = "on") -> Any:
    url = reverse("console_rollback", args=[game.pk])
    return people.client("gm").post(url, {"deadline": deadline, "confirm": confirm})


def phase_names(game: Game) -> list[tuple[str, str]]:
    return list(game.phases.order_by("ordinal").values_list("name", "status"))


def rows(game: Game, kind: str) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(game=game, kind=kind).order_by("power", "id"))


def test_it_reopens_a_movement_phase_with_its_orders(people: Personas, game: Game) -> None:
    actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Par - Bur"])
    actions.set_ready(open_phase(game), people.player, "FRANCE", True)
    adjudicate(game)
    # Spring's retreats, with nobody dislodged, were played out in the same run.
    assert phase_names(game) == [("S1901M", "done"), ("S1901R", "done"), ("F1901M", "open")]
    response = roll_back(people, game)
    assert response.status_code == 302
    assert phase_names(game) == [("S1901M", "open")]
    phase = open_phase(game)
    assert phase.outcome is None and phase.deadline.strftime("%Y-%m-%dT%H:%M") == LATER
    sheet = OrderSheet.objects.get(phase=phase, power="FRANCE")
    assert sheet.parsed == ["A PAR - BUR"] and not sheet.ready
    assert not KnowledgeRecord.objects.filter(game=game, ordinal__gte=1).exists()
    detail = game.log.get(action="roll back").detail
    assert detail == "S1901M open again; S1901R, F1901M removed"


def test_it_cancels_waiting_results_and_queues_them_afresh(people: Personas, game: Game) -> None:
    adjudicate(game)
    roll_back(people, game)
    results = rows(game, "results")
    assert [(r.status, r.void) for r in results] == [("cancelled", True)] * 2
    assert "results to FRANCE (cancelled)" in game.log.get(action="void mail").detail
    adjudicate(game)
    fresh = [r for r in rows(game, "results") if not r.void]
    assert [r.power for r in fresh] == ["FRANCE", "GERMANY"]


def test_it_marks_sent_results_void_in_the_log(
    people: Personas, game: Game, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        actions.process_now(open_phase(game), people.gm)
    assert {r.status for r in rows(game, "results")} == {"sent"}
    roll_back(people, game)
    assert [(r.status, r.void) for r in rows(game, "results")] == [("sent", True)] * 2
    assert "results to GERMANY (sent)" in game.log.get(action="void mail").detail
    page = people.client("gm").get(reverse("game_outbox", args=[game.pk])).content.decode()
    assert page.count("(its phase was rolled back)") == 2  # the two results sent, now void


def test_it_tells_every_player_the_same(people: Personas, game: Game) -> None:
    adjudicate(game)
    roll_back(people, game)
    notices = rows(game, "notice")
    assert [row.power for row in notices] == ["FRANCE", "GERMANY"]
    bodies = [build_message(draft_of(row)).body for row in notices]
    assert "rolled back the adjudication of Spring 1901" in bodies[0]
    assert bodies[0].replace("France", "X") == bodies[1].replace("Germany", "X")


def test_it_removes_the_phases_played_out_in_the_same_run(people: Personas, game: Game) -> None:
    adjudicate(game)  # spring
    adjudicate(game)  # fall: nobody changes a centre, so winter is played out on its own
    assert phase_names(game)[-2:] == [("W1901A", "done"), ("S1902M", "open")]
    roll_back(people, game)
    assert phase_names(game)[-2:] == [("S1901R", "done"), ("F1901M", "open")]


def test_it_rolls_back_an_adjustment_phase(people: Personas, game: Game) -> None:
    adjudicate(game)
    actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Mar - Spa"])
    adjudicate(game)
    assert open_phase(game).name == "W1901A"
    # Marseilles, left empty: Paris still holds its army, so no build there.
    actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Mar B"])
    adjudicate(game)
    roll_back(people, game)
    assert phase_names(game)[-1] == ("W1901A", "open")
    assert OrderSheet.objects.get(phase=open_phase(game), power="FRANCE").parsed == ["A MAR B"]


def test_it_rolls_back_a_retreat_phase(people: Personas, game: Game) -> None:
    actions.edit_board(game, people.gm, BoardEdit("add", "Burgundy", unit="A", power="GERMANY"))
    spring = open_phase(game)
    actions.submit_orders(spring, people.player, "FRANCE", ["A Mar - Bur", "A Par S A Mar - Bur"])
    adjudicate(game)
    assert open_phase(game).name == "S1901R"
    actions.submit_orders(open_phase(game), people.other, "GERMANY", ["A Bur R Ruh"])
    adjudicate(game)
    roll_back(people, game)
    assert phase_names(game)[-1] == ("S1901R", "open")
    assert OrderSheet.objects.get(phase=open_phase(game), power="GERMANY").parsed


def test_it_refuses_when_nothing_was_adjudicated(people: Personas, game: Game) -> None:
    response = roll_back(people, game)
    assert response.status_code == 400
    assert "Nothing has been adjudicated yet" in response.content.decode()


def test_it_refuses_a_finished_game(people: Personas, game: Game) -> None:
    adjudicate(game)
    actions.end_game(game, people.gm)
    response = roll_back(people, game)
    assert "The game has ended" in response.content.decode()
    assert phase_names(game)[0] == ("S1901M", "done")


def test_it_keeps_the_form_when_the_deadline_has_passed(people: Personas, game: Game) -> None:
    adjudicate(game)
    response = roll_back(people, game, deadline="2001-01-01T10:00")
    html = response.content.decode()
    assert response.status_code == 400 and "must be in the future" in html
    assert 'value="2001-01-01T10:00"' in html
    assert roll_back(people, game, confirm="").status_code == 400


def test_it_refuses_while_a_phase_is_being_adjudicated(people: Personas, game: Game) -> None:
    adjudicate(game)
    assert claim_phase_now(open_phase(game))
    response = roll_back(people, game)
    assert "is being adjudicated now" in response.content.decode()
    assert Phase.objects.filter(game=game, name="F1901M").exists()


def test_a_late_task_adjudicates_nothing_twice(people: Personas, game: Game) -> None:
    adjudicate(game)
    fall = Phase.objects.get(game=game, name="F1901M")
    roll_back(people, game)
    spring = open_phase(game)
    adjudicate_phase(spring.pk)  # a repeated delivery of the first adjudication's task
    assert Phase.objects.get(pk=spring.pk).status == Phase.Status.OPEN
    assert not KnowledgeRecord.objects.filter(game=game, ordinal=1).exists()
    assert adjudicate_phase_task(fall.pk) == "removed"


def frances_notice(people: Personas, turkey: list[str]) -> list[bytes]:
    game = play_spring(people, turkey)
    roll_back(people, game)
    notice = OutboxMessage.objects.get(game=game, kind="notice", power="FRANCE")
    body = str(build_message(draft_of(notice)).body)
    return [re.sub(r"/games/\d+/", "/games/N/", body).encode(), *received(people, game)]


def test_france_receives_the_same_bytes_whatever_turkey_did(
    people: Personas, monkeypatch: Any
) -> None:
    # Both games are played at one instant: the page shows when France last
    # saved orders, to the minute, and two plays may straddle a minute.
    instant = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: instant)
    assert frances_notice(people, FAR_AWAY["hold"]) == frances_notice(people, FAR_AWAY["move"])
