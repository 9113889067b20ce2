"""Ending a battle before it is played out (ruling B28): a side concedes, or the game master
ends it with a stated result; the seed is shown and the replay opens either way."""

from __future__ import annotations

import pytest
from django.urls import reverse

from adjudication.battle.verify import report_json, report_lines, verify_document
from battles.actions.end import concede_battle, end_battle
from battles.actions.setup import Settings, create_battle
from battles.models import Battle
from battles.tests.web.conftest import Cast, infantry, post, set_up
from games.actions.base import ActionError


def _under_way(cast: Cast) -> Battle:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    return battle


def _replay(cast: Cast, who: str, battle: Battle) -> dict:
    response = cast.client(who).get(reverse("battle_replay", args=[battle.pk]))
    assert response.status_code == 200
    return response.json()


def test_a_side_concedes_on_the_web_and_the_other_has_won(cast: Cast) -> None:
    battle = _under_way(cast)
    post(cast, "blue", "battle_concede", battle, {"side": "Blue", "confirm": "yes"})
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED and battle.winner == "Red"
    assert battle.open_turn() is None and not battle.turns.exists()  # the open turn withdrawn
    document = _replay(cast, "red", battle)
    assert document["seed"] == battle.seed
    assert document["ending"] == {"by": "concession", "result": "Blue conceded", "winner": "Red"}
    verified = verify_document(document)
    assert "Ended by concession: Blue conceded; Red has won" in report_lines(verified)
    assert report_json(verified)["ending"] == "Ended by concession: Blue conceded; Red has won"
    page = cast.client("red").get(reverse("battle", args=[battle.pk])).content.decode()
    assert "Blue conceded." in page and battle.seed in page


def test_an_unconfirmed_concession_changes_nothing(cast: Cast) -> None:
    battle = _under_way(cast)
    response = post(cast, "blue", "battle_concede", battle, {"side": "Blue"})
    assert "Tick the box to confirm" in response.content.decode()
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE


def test_only_the_sides_player_concedes_for_it(cast: Cast) -> None:
    battle = _under_way(cast)
    with pytest.raises(ActionError, match="You do not play Blue"):
        concede_battle(battle, cast.red, "Blue")


def test_with_more_sides_a_concession_is_refused_saying_why(cast: Cast) -> None:
    battle = create_battle(cast.gm, Settings("Three-way", 6, 6, ("Red", "Blue", "Green")))
    Battle.objects.filter(pk=battle.pk).update(status=Battle.Status.ACTIVE)
    battle.refresh_from_db()
    battle.sides.filter(name="Blue").update(player=cast.blue)
    with pytest.raises(ActionError, match="ask the game master to end it"):
        concede_battle(battle, cast.blue, "blue")


def test_the_game_master_ends_it_with_a_stated_result(cast: Cast) -> None:
    battle = _under_way(cast)
    post(cast, "gm", "battle_pause", battle, {})
    response = post(cast, "gm", "battle_end", battle, {"winner": "", "result": ""})
    assert "Say how the battle ended" in response.content.decode() or (
        "This field is required" in response.content.decode()
    )
    stated = {"winner": "Blue", "result": "Red withdrew at dusk"}
    unticked = post(cast, "gm", "battle_end", battle, stated).content.decode()
    assert "Tick the box to confirm that the battle ends" in unticked
    battle.refresh_from_db()
    assert battle.status != Battle.Status.FINISHED
    post(cast, "gm", "battle_end", battle, {**stated, "confirm": "on"})
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED and battle.winner == "Blue"
    document = _replay(cast, "blue", battle)
    assert document["seed"] == battle.seed
    assert document["ending"]["by"] == "game master"
    page = cast.client("blue").get(reverse("battle_verify", args=[battle.pk])).content.decode()
    assert "Ended by game master: Red withdrew at dusk; Blue has won" in page


def test_nobody_ends_a_battle_twice(cast: Cast) -> None:
    battle = _under_way(cast)
    end_battle(battle, cast.gm, "", "called off for rain")
    battle.refresh_from_db()
    assert battle.winner == "" and battle.result_note == "called off for rain"
    with pytest.raises(ActionError, match="finished"):
        concede_battle(battle, cast.blue, "Blue")
