"""Anyone in the battle can re-play it once it is over: the replay document
(placed tokens, seed, side-turns, board edits, overrides) re-played by the pure
rules gives the battle as stored, roll for roll; before the end it is the game
master's alone, without the seed."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from adjudication.battle.dice import verify
from adjudication.battle.replay_json import play_document
from battles.models import Battle
from battles.state import position_of
from battles.tests.web.conftest import Cast, infantry, post, set_up


def _document(cast: Cast, who: str, battle: Battle) -> tuple[int, dict]:
    response = cast.client(who).get(reverse("battle_replay", args=[battle.pk]))
    return response.status_code, json.loads(response.content) if response.status_code == 200 else {}


def _play_on(cast: Cast, battle: Battle, turns: int) -> None:
    for _ in range(turns):
        battle.refresh_from_db()
        turn = battle.open_turn()
        if battle.status != Battle.Status.ACTIVE or turn is None:
            return
        player, mine, theirs = ("red", "R1", "B1") if turn.side == "Red" else ("blue", "B1", "R1")
        post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})


def test_the_replay_gives_the_stored_battle_with_edits_and_overrides(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "d3")])
    Battle.objects.filter(pk=battle.pk).update(veterans=True)
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    preset = battle.dice_position  # the first attack's die, set before it is rolled
    post(cast, "gm", "battle_override", battle, {"number": preset, "face": 1})
    _play_on(cast, battle, 1)
    battle.refresh_from_db()
    if battle.status == Battle.Status.ACTIVE:
        post(cast, "gm", "battle_pause", battle, {})
        post(cast, "gm", "battle_edit", battle, {"name": "R1", "at": "c4", "hp": 3})
        post(cast, "gm", "battle_resume", battle, {})
        battle.refresh_from_db()
        assert battle.edits == [{"after_turn": 1, "token": "R1", "at": "c4", "hp": 3}]
    _play_on(cast, battle, 60)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED

    status, document = _document(cast, "red", battle)
    assert status == 200 and verify(document["seed"], document["commitment"])
    played = play_document(document)
    assert position_of(played.battle) == battle.position  # edits and veterans included
    stored = [(r.number, r.value, r.decided) for r in battle.rolls.order_by("number")]
    assert [(r.number, r.value, r.decided) for r in played.rolls] == stored
    assert stored[preset][1:] == (1, "R1 attacks B1: attacker's die (set by the game master)") or (
        stored[preset][1:] == (1, "B1 attacks R1: attacker's die (set by the game master)")
    )
    assert played.battle.winner() == battle.winner


def test_before_the_end_the_replay_is_the_game_masters_without_the_seed(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    post(cast, "gm", "battle_start", battle, {})
    assert _document(cast, "red", battle)[0] == 403
    assert _document(cast, "stranger", battle)[0] == 404
    status, document = _document(cast, "gm", battle)
    assert status == 200 and document["seed"] is None
    assert [t["id"] for t in document["tokens"]] == ["R1", "B1"]
    with pytest.raises(ValueError, match="the seed is not shown yet"):
        play_document(document)
