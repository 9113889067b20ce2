"""A side-turn whose processing fails (a bug, a process killed halfway)
writes nothing: the turn stays open with the activation sent, the player
is not shown a server error, and the next sweep processes it. One battle
that cannot be processed never stops the sweep for the others."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from battles import turns
from battles.models import Battle, BattleTurn
from battles.tasks import sweep_turns
from battles.tests.web.conftest import Cast, infantry, post, set_up


def started(cast: Cast) -> Battle:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    return battle


def failing_for(monkeypatch: pytest.MonkeyPatch, battle_ids: set[int]) -> None:
    """Processing a turn of these battles raises, as a bug in the rules would."""
    real: Callable[..., Any] = turns.play_turn

    def play_turn(battle: Battle, side: str, text: str) -> Any:
        if battle.pk in battle_ids:
            raise RuntimeError("a bug in the rules")
        return real(battle, side, text)

    monkeypatch.setattr(turns, "play_turn", play_turn)


def first_player(battle: Battle, cast: Cast) -> tuple[str, BattleTurn]:
    turn = battle.open_turn()
    assert turn is not None
    return turn.side.lower(), turn


def test_a_failed_turn_stays_open_and_the_sweep_processes_it(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    battle = started(cast)
    player, turn = first_player(battle, cast)
    mine = "R1" if player == "red" else "B1"
    failing_for(monkeypatch, {battle.pk})
    response = post(cast, player, "battle_activation", battle, {"text": f"{mine} hold"})
    assert response.status_code == 200
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.OPEN and turn.text == f"{mine} hold"
    assert battle.turns.count() == 1 and not battle.records.filter(turn=1).exists()
    monkeypatch.undo()
    sweep_turns()
    sweep_turns()
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.DONE
    assert battle.turns.count() == 2  # the next side's turn, opened once


def test_one_broken_battle_never_stops_the_sweep_for_another(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = started(cast)
    other = Battle.objects.create(
        name="Another ford",
        game_master=cast.gm,
        width=broken.width,
        height=broken.height,
        status=Battle.Status.ACTIVE,
        order=list(broken.order),
        position=list(broken.position),
        seed=broken.seed,
    )
    for side in broken.sides.all():
        other.sides.create(name=side.name, player=side.player)
    BattleTurn.objects.create(battle=other, number=1, side=broken.order[0], deadline=timezone.now())
    BattleTurn.objects.update(deadline=timezone.now() - timedelta(minutes=1))
    failing_for(monkeypatch, {broken.pk})
    sweep_turns()
    assert other.turns.get(number=1).status == BattleTurn.Status.DONE
    assert broken.turns.get(number=1).status == BattleTurn.Status.OPEN
    monkeypatch.undo()
    sweep_turns()
    assert broken.turns.get(number=1).status == BattleTurn.Status.DONE


def test_the_game_master_is_told_when_process_now_fails(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    battle = started(cast)
    failing_for(monkeypatch, {battle.pk})
    page = post(cast, "gm", "battle_process", battle, {}).content.decode()
    assert "could not be processed and is still open" in page
    still_open = battle.open_turn()
    assert still_open is not None and still_open.number == 1
    assert not battle.log.filter(action="process now").exists()  # nothing was done
    monkeypatch.undo()
    page = post(cast, "gm", "battle_process", battle, {}).content.decode()
    assert "Turn 1" in page and "is processed" in page
    assert battle.turns.get(number=1).status == BattleTurn.Status.DONE
