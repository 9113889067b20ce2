"""Messages within a battle, under the press rule the game master picks: none,
open (side to side and to the game master) or to the game master only. Each
goes at once to whom its sender names, and to nobody else."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.urls import reverse

from battles.models import Battle, BattleMessage
from battles.tests.web.conftest import Cast, infantry, post, set_up
from postoffice.models import OutboxMessage


@pytest.fixture
def battle(cast: Cast) -> Battle:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "a1"), infantry("B1", "Blue", "h6")])
    post(cast, "gm", "battle_start", battle, {})
    return battle


def _page(cast: Cast, who: str, battle: Battle) -> str:
    return unescape(cast.client(who).get(reverse("battle", args=[battle.pk])).content.decode())


def _write(cast: Cast, who: str, battle: Battle, to: str, text: str) -> tuple[int, str]:
    response = post(cast, who, "battle_message", battle, {"to": to, "text": text})
    return response.status_code, unescape(response.content.decode())


def _press(cast: Cast, battle: Battle, rule: str) -> None:
    assert post(cast, "gm", "battle_press", battle, {"press": rule}).status_code == 200
    assert Battle.objects.get(pk=battle.pk).press == rule


def _mailed(user: Any) -> list[str]:
    rows = OutboxMessage.objects.filter(kind=OutboxMessage.Kind.BATTLE_MESSAGE, user=user)
    return [str(row.side) for row in rows]


def test_with_no_press_nothing_is_sent_and_what_was_typed_is_kept(
    cast: Cast, battle: Battle
) -> None:
    assert 'id="send-message"' not in _page(cast, "red", battle)
    status, page = _write(cast, "red", battle, "Blue", "Parley at dawn?")
    assert status == 400
    assert "This battle has no messages" in page and "Parley at dawn?" in page
    assert not BattleMessage.objects.exists()


def test_open_press_carries_a_message_to_the_side_named_only(cast: Cast, battle: Battle) -> None:
    _press(cast, battle, "open")
    status, page = _write(cast, "red", battle, "Blue", "Parley at dawn?")
    assert status == 200 and "Your message to Blue is sent." in page
    assert "Parley at dawn?" in _page(cast, "blue", battle)
    assert "Parley at dawn?" in _page(cast, "red", battle)
    assert _mailed(cast.blue) == ["Blue"] and _mailed(cast.red) == [] and _mailed(cast.gm) == []
    console = cast.client("gm").get(reverse("battle_console", args=[battle.pk])).content.decode()
    assert "Parley at dawn?" in unescape(console)  # the game master reads every message


def test_press_to_the_game_master_only(cast: Cast, battle: Battle) -> None:
    _press(cast, battle, "game_master")
    status, page = _write(cast, "red", battle, "Blue", "Parley at dawn?")
    assert status == 400 and "Parley at dawn?" in page
    assert "Select a valid choice" in page  # Blue is not offered
    status, _ = _write(cast, "red", battle, "", "Blue is hiding in the trees, I think.")
    assert status == 200
    message = BattleMessage.objects.get()
    assert (message.from_side, message.to_side) == ("Red", "")
    assert "hiding in the trees" not in _page(cast, "blue", battle)
    assert _mailed(cast.gm) == [""]


def test_the_game_master_writes_to_one_side(cast: Cast, battle: Battle) -> None:
    response = post(cast, "gm", "battle_gm_message", battle, {"to": "Red", "text": "Rain falls."})
    assert response.status_code == 200
    assert "Rain falls." in _page(cast, "red", battle)  # whatever the press rule
    assert "Rain falls." not in _page(cast, "blue", battle)
    assert _mailed(cast.red) == ["Red"] and _mailed(cast.blue) == []


def test_a_player_cannot_write_from_a_side_they_do_not_play(cast: Cast, battle: Battle) -> None:
    _press(cast, battle, "open")
    response = post(
        cast, "red", "battle_message", battle, {"to": "Red", "text": "x", "side": "Blue"}
    )
    assert response.status_code == 400  # read as Red's page: Red may not write to itself
    assert not BattleMessage.objects.exists()
