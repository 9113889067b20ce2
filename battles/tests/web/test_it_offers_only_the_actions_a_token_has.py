"""The per-token form offers shoot only to a token with RANGE and heal only to one with
HEAL; an action a token lacks, sent anyway, is refused on its row, what was typed kept."""

from __future__ import annotations

import re

from django.urls import reverse

from battles.models import Battle
from battles.tests.web.conftest import Cast, infantry, post, set_up


def _token(name: str, side: str, at: str, template: str) -> dict[str, str]:
    return {"template": template, "name": name, "side": side, "at": at}


def _options(page: str, token: str) -> list[str]:
    select = re.search(rf'<select name="action_{token}"[^>]*>(.*?)</select>', page, re.S)
    assert select, f"no action list for {token}"
    return re.findall(r'<option value="([a-z]+)"', select[1])


def _started(cast: Cast) -> tuple[Battle, str]:
    battle = set_up(cast, tokens=[
        infantry("R1", "Red", "c3"), _token("R2", "Red", "a1", "Archers"),
        _token("R3", "Red", "a3", "Cleric"), infantry("B1", "Blue", "d3"),
        _token("B2", "Blue", "h6", "Archers"), _token("B3", "Blue", "h4", "Cleric"),
    ])  # fmt: skip
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    return battle, "red" if turn.side == "Red" else "blue"


def test_each_row_offers_the_actions_its_token_has(cast: Cast) -> None:
    battle, player = _started(cast)
    plain, archers, cleric = ("R1", "R2", "R3") if player == "red" else ("B1", "B2", "B3")
    page = cast.client(player).get(reverse("battle", args=[battle.pk])).content.decode()
    assert _options(page, plain) == ["hold", "move", "attack", "charge"]
    assert _options(page, archers) == ["hold", "move", "attack", "charge", "shoot"]
    assert _options(page, cleric) == ["hold", "move", "attack", "charge", "heal"]


def test_an_action_the_token_lacks_is_refused_on_its_row(cast: Cast) -> None:
    battle, player = _started(cast)
    mine = ("R1", "R2", "R3") if player == "red" else ("B1", "B2", "B3")
    rows: dict[str, str | int] = {"entry": "tokens"}
    for place, token in enumerate(mine, start=1):
        rows |= {f"order_{token}": place, f"action_{token}": "hold"}
        rows |= {f"squares_{token}": "", f"target_{token}": ""}
    rows |= {f"action_{mine[0]}": "shoot", f"squares_{mine[1]}": "kept text"}
    response = post(cast, player, "battle_activation", battle, rows)
    assert response.status_code == 400
    page = response.content.decode()
    assert f"{mine[0]}: Select a valid choice" in page
    assert 'value="kept text"' in page
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None and not turn.text  # nothing was sent
