"""A move or charge whose path the rules would refuse whatever stands on it
(longer than the token's SPD, not a step, off the grid) is refused before the
turn is played, typed or by rows, with its reason on its line and the text
kept; before, the turn was played with the token idle."""

from __future__ import annotations

from battles.models import BattleTurn
from battles.tests.web.conftest import Cast, post
from battles.tests.web.test_it_takes_an_activation_token_by_token import _mine, _rows, _started

# From c3 (Red's R1) or d3 (Blue's B1): four squares east or west, SPD 3.
TOO_FAR = {"red": "c4 c5 c6 b6", "blue": "d4 d5 d6 e6"}


def test_a_typed_path_too_long_is_refused_and_kept(cast: Cast) -> None:
    battle, turn, player = _started(cast)
    first, _ = _mine(player)
    text = f"{first} move {TOO_FAR[player]}"
    page = post(cast, player, "battle_activation", battle, {"entry": "text", "text": text})
    html = page.content.decode()
    assert f"line 1: {first}: the path costs 4, more than {first}&#x27;s speed 3" in html
    assert text in html  # kept in the box
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.OPEN and turn.text == ""


def test_a_step_that_is_not_next_is_refused(cast: Cast) -> None:
    battle, turn, player = _started(cast)
    first, _ = _mine(player)
    text = f"{first} hold\n{first.replace('1', '2')} move h1"
    html = post(cast, player, "battle_activation", battle, {"entry": "text", "text": text})
    assert "line 2:" in html.content.decode()
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.OPEN


def test_a_row_too_long_is_refused_on_its_row(cast: Cast) -> None:
    battle, turn, player = _started(cast)
    first, second = _mine(player)
    rows = _rows(
        (first, second), **{f"action_{first}": "move", f"squares_{first}": TOO_FAR[player]}
    )
    html = post(cast, player, "battle_activation", battle, rows).content.decode()
    assert f"{first}: the path costs 4" in html
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.OPEN
