"""The game master's and the players' names of tokens and sides are read without regard to
case: placing, removing, assigning, editing, and a typed activation's target."""

from __future__ import annotations

from battles.actions.play import edit_token, pause_battle, start_battle, submit_activation
from battles.actions.setup import Placement, assign_side, assign_token, place_token, remove_token
from battles.models import Battle
from battles.tests.web.conftest import Cast, infantry, set_up


def _knight(name: str, side: str, at: str) -> Placement:
    return Placement(name=name, side=side, at=at, att=9, defence=1, spd=3, hp=9)


def test_the_console_reads_names_in_any_case(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "d3")])
    placed = place_token(battle, cast.gm, _knight("R9", "red", "a1"))
    assert placed.side == "Red"  # as the battle spells it
    remove_token(battle, cast.gm, "r9")
    assert not battle.tokens.filter(name="R9").exists()
    assert assign_side(battle, cast.gm, "bLUE", cast.blue).name == "Blue"
    assert assign_token(battle, cast.gm, "r1", cast.red).name == "R1"


def test_an_edit_names_its_token_in_any_case(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    start_battle(battle, cast.gm)
    pause_battle(battle, cast.gm)
    battle.refresh_from_db()
    edit_token(battle, cast.gm, "r1", "c4", 1)
    battle.refresh_from_db()
    assert battle.edits[-1] == {"after_turn": 0, "token": "R1", "at": "c4", "hp": 1}


def test_a_typed_target_in_another_case_is_attacked(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "d3")])
    start_battle(battle, cast.gm)
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    player, text = (cast.red, "r1 attack b1") if turn.side == "Red" else (cast.blue, "b1 attack r1")
    done = submit_activation(battle, player, text)
    assert "refused" not in done.results[0] and "against" in done.results[0], done.results
    assert Battle.objects.get(pk=battle.pk).rolls.filter(turn=1).count() == 2
