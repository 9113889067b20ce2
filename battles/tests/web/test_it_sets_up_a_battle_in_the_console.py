"""The game master's set-up through the console: sample units, characters,
switches, a player per token, a 30 x 30 grid, and bad input kept as typed."""

from __future__ import annotations

from io import BytesIO

from django.urls import reverse
from PIL import Image

from adjudication.battle.templates import TEMPLATES
from battles.models import Battle, BattleToken
from battles.tests.web.conftest import Cast, infantry, post, set_up


def _console(cast: Cast, battle: Battle) -> str:
    return cast.client("gm").get(reverse("battle_console", args=[battle.pk])).content.decode()


def test_it_offers_every_sample_unit(cast: Cast) -> None:
    battle = set_up(cast, tokens=[])
    page = _console(cast, battle)
    for unit in TEMPLATES:
        assert f'<option value="{unit.name}">{unit.name}</option>' in page


def test_it_keeps_the_switches_and_the_fog_sight(cast: Cast) -> None:
    post(cast, "gm", "battle_create", None, {
        "name": "Switches", "width": 5, "height": 5, "sides": "Red, Blue, Green",
        "flanking": "on", "after_combat_healing": "on", "veterans": "on", "sight": 4,
        "turn_length": "2d",
    })  # fmt: skip
    battle = Battle.objects.get()
    assert (battle.flanking, battle.after_combat_healing, battle.veterans) == (True, True, True)
    assert battle.sight == 4 and battle.turn_minutes == 2 * 24 * 60
    assert battle.side_names() == ["Red", "Blue", "Green"]


def test_it_pairs_a_character_with_a_token(cast: Cast) -> None:
    knight = {**infantry("R1", "Red", "a1"), "character": "Sir Aldric", "character_att": 2}
    battle = set_up(cast, tokens=[knight, infantry("B1", "Blue", "h6")])
    assert "Sir Aldric (+2/+0)" in _console(cast, battle)
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    placed = next(t for t in battle.position if t["id"] == "R1")
    paired = (placed["character"], placed["character_att"], placed["character_def"])
    assert paired == ("Sir Aldric", 2, 0)


def test_a_token_given_to_a_player_lets_them_play_its_side(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "a1"), infantry("B1", "Blue", "h6")])
    side_page = reverse("battle", args=[battle.pk])
    assert cast.client("stranger").get(side_page).status_code == 404
    response = post(cast, "gm", "battle_control", battle, {"token": "R1", "player": "stranger"})
    assert "R1 is controlled by stranger." in response.content.decode()
    assert BattleToken.objects.get(name="R1").player == cast.stranger
    assert "You play Red" in cast.client("stranger").get(side_page).content.decode()


def test_only_the_game_master_gives_out_tokens(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "a1"), infantry("B1", "Blue", "h6")])
    response = post(cast, "red", "battle_control", battle, {"token": "B1", "player": "red"})
    assert response.status_code == 403
    assert BattleToken.objects.get(name="B1").player is None


def test_a_bad_token_keeps_what_was_typed(cast: Cast) -> None:
    battle = set_up(cast, tokens=[])
    response = post(cast, "gm", "battle_token", battle, infantry("Knight-7", "Red", "z99"))
    page = response.content.decode()
    assert response.status_code == 400
    assert "z99 is off the 8x6 grid." in page
    assert 'value="Knight-7"' in page and 'value="z99"' in page
    assert not BattleToken.objects.exists()


def test_it_sets_up_and_draws_a_30_by_30_grid(cast: Cast) -> None:
    post(cast, "gm", "battle_create", None, {
        "name": "Big field", "width": 30, "height": 30, "sides": "Red, Blue",
        "sight": "", "turn_length": "24h",
    })  # fmt: skip
    battle = Battle.objects.get()
    post(cast, "gm", "battle_terrain", battle, {"terrain": "mountain ad30\ntrees aa1 b29"})
    for token in (infantry("R1", "Red", "a1"), infantry("B1", "Blue", "ad29")):
        post(cast, "gm", "battle_token", battle, token)
    response = post(cast, "gm", "battle_start", battle, {})
    assert "The battle is under way" in response.content.decode()
    battle.refresh_from_db()
    assert battle.terrain == {"ad30": "mountain", "aa1": "trees", "b29": "trees"}
    assert {t["at"] for t in battle.position} == {"a1", "ad29"}
    png = cast.client("gm").get(reverse("battle_picture", args=[battle.pk])).content
    width, height = Image.open(BytesIO(png)).size
    assert width >= 30 * 12 and height >= 30 * 12  # every square drawn, none squeezed away


def test_it_refuses_a_grid_past_the_largest(cast: Cast) -> None:
    response = post(cast, "gm", "battle_create", None, {
        "name": "Too big", "width": 41, "height": 30, "sides": "Red, Blue", "turn_length": "24h",
    })  # fmt: skip
    assert "less than or equal to 40" in response.content.decode()
    assert 'value="Too big"' in response.content.decode()
    assert not Battle.objects.exists()
