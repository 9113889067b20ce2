"""The per-token activation form: a row a token, in the order the player picks,
written as the notation; errors on their token's row, and what was typed kept."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from battles.models import Battle, BattleTurn
from battles.tests.web.conftest import Cast, infantry, post, set_up

TOKENS = [
    infantry("R1", "Red", "c3"),
    infantry("R2", "Red", "a1"),
    infantry("B1", "Blue", "d3"),
    infantry("B2", "Blue", "h6"),
]


def _started(cast: Cast, sight: int | str = "") -> tuple[Battle, BattleTurn, str]:
    battle = set_up(cast, sight=sight, tokens=TOKENS)
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    return battle, turn, "red" if turn.side == "Red" else "blue"


def _rows(mine: tuple[str, str], **fields: Any) -> dict[str, Any]:
    """Every row holding, in battle order, unless ``fields`` says otherwise."""
    data: dict[str, Any] = {"entry": "tokens"}
    for place, token in enumerate(mine, start=1):
        data |= {f"order_{token}": place, f"action_{token}": "hold"}
        data |= {f"squares_{token}": "", f"target_{token}": ""}
    return data | fields


def _mine(player: str) -> tuple[str, str]:
    return ("R1", "R2") if player == "red" else ("B1", "B2")


def test_it_plays_the_rows_in_the_order_chosen(cast: Cast) -> None:
    battle, turn, player = _started(cast)
    first, second = _mine(player)
    enemy = "B1" if player == "red" else "R1"
    rows = _rows(
        (first, second),
        **{f"order_{first}": 2, f"order_{second}": 1, f"action_{first}": "attack"},
        **{f"target_{first}": enemy, f"action_{second}": "move"},
        **{f"squares_{second}": "b2" if player == "red" else "g5"},
    )
    response = post(cast, player, "battle_activation", battle, rows)
    assert f"Turn {turn.number} is played" in response.content.decode()
    turn.refresh_from_db()
    step = "b2" if player == "red" else "g5"
    assert turn.text == f"{second} move {step}\n{first} attack {enemy}"
    assert turn.status == BattleTurn.Status.DONE
    assert turn.results[1].startswith(f"{first} attack {enemy}: ")


def test_it_names_the_error_on_its_tokens_row_and_keeps_what_was_typed(cast: Cast) -> None:
    battle, turn, player = _started(cast)
    first, second = _mine(player)
    rows = _rows(
        (first, second),
        **{f"action_{first}": "move", f"squares_{first}": "c4 zz"},
        **{f"action_{second}": "charge", f"squares_{second}": "b2"},
    )
    response = post(cast, player, "battle_activation", battle, rows)
    page = response.content.decode()
    assert response.status_code == 400
    assert f"{second}: charge needs a target" in page
    rows[f"target_{second}"] = "B2" if player == "red" else "R2"
    response = post(cast, player, "battle_activation", battle, rows)
    page = response.content.decode()
    assert response.status_code == 400
    assert f"{first}: &#x27;zz&#x27; is not a square" in page
    assert 'value="c4 zz"' in page and 'value="b2"' in page  # nothing typed is lost
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.OPEN and turn.text == ""


def test_it_refuses_a_target_the_side_was_not_offered(cast: Cast) -> None:
    battle, turn, player = _started(cast, sight=2)
    first, second = _mine(player)
    far = "B2" if player == "red" else "R2"
    page = cast.client(player).get(reverse("battle", args=[battle.pk])).content.decode()
    assert f'<option value="{far}">' not in page  # out of sight: not offered
    near = "B1" if player == "red" else "R1"
    assert f'<option value="{near}">' in page
    rows = _rows((first, second), **{f"action_{first}": "attack", f"target_{first}": far})
    response = post(cast, player, "battle_activation", battle, rows)
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.OPEN
