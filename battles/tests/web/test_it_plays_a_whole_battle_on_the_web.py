"""A whole battle through the web test client: set-up, roll-off, activations, the end."""

from __future__ import annotations

from django.urls import reverse

from adjudication.battle.dice import commitment, rolls
from battles.models import Battle, BattleRoll
from battles.tests.web.conftest import Cast, infantry, post, set_up


def test_it_plays_a_battle_to_its_end(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "d3")])
    response = post(cast, "gm", "battle_start", battle, {})
    assert "The battle is under way" in response.content.decode()
    battle.refresh_from_db()
    assert battle.commitment == commitment(battle.seed)
    for _ in range(40):
        battle.refresh_from_db()
        turn = battle.open_turn()
        if turn is None:
            break
        player = "red" if turn.side == "Red" else "blue"
        mine, theirs = ("R1", "B1") if player == "red" else ("B1", "R1")
        page = post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
        assert f"Turn {turn.number} is played" in page.content.decode()
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED
    assert battle.winner in ("Red", "Blue")
    logged = list(BattleRoll.objects.filter(battle=battle).values_list("value", flat=True))
    assert logged == list(rolls(battle.seed, 0, len(logged)))  # every roll from the seed, in order
    page = cast.client("red").get(reverse("battle", args=[battle.pk])).content.decode()
    assert battle.seed in page  # revealed at the end
    assert f"{battle.winner} has won" in page


def test_it_names_each_bad_line_and_keeps_what_was_typed(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    player, mine = ("red", "R1") if turn.side == "Red" else ("blue", "B1")
    typed = f"{mine} gallop c4\nKnight-9 move c4"
    response = post(cast, player, "battle_activation", battle, {"text": typed})
    html = response.content.decode()
    assert response.status_code == 400
    assert "line 1: &#x27;gallop&#x27; is not an action" in html
    assert "line 2: &#x27;Knight-9&#x27; is not one of your tokens" in html
    assert "Knight-9 move c4" in html  # nothing typed is lost
    turn.refresh_from_db()
    assert turn.status == "open"


def test_it_refuses_an_activation_from_the_other_side(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    waiting = "blue" if turn.side == "Red" else "red"
    token = "B1" if waiting == "blue" else "R1"
    html = post(cast, waiting, "battle_activation", battle, {"text": f"{token} hold"})
    assert f"You do not play {turn.side}" in html.content.decode()
    assert cast.client("stranger").get(reverse("battle", args=[battle.pk])).status_code == 404
