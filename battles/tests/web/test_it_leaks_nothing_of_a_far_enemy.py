"""Fog: an enemy token far from a side's tokens changes nothing the side receives."""

from __future__ import annotations

from django.urls import reverse

from battles.models import Battle
from battles.tests.web.conftest import Cast, infantry, post, set_up

RED_AND_NEAR_BLUE = [infantry("R1", "Red", "a1"), infantry("B1", "Blue", "b2")]


def _received(cast: Cast, battle: Battle) -> tuple[bytes, bytes]:
    red = cast.client("red")
    page = red.get(reverse("battle", args=[battle.pk])).content
    picture = red.get(reverse("battle_picture", args=[battle.pk]) + "?side=Red").content
    return page, picture


def _battle_with(cast: Cast, far_square: str | None) -> tuple[bytes, bytes]:
    tokens = list(RED_AND_NEAR_BLUE)
    if far_square:
        tokens.append(infantry("B9", "Blue", far_square))
    battle = set_up(cast, sight=2, tokens=tokens)
    Battle.objects.filter(pk=battle.pk).update(seed="ab" * 32, commitment="")
    post(cast, "gm", "battle_start", battle, {})
    return _received(cast, battle)


def test_a_far_enemy_token_changes_no_page_and_no_picture_byte(cast: Cast) -> None:
    page_without, picture_without = _battle_with(cast, None)
    Battle.objects.all().delete()
    page_with, picture_with = _battle_with(cast, "g5")
    assert picture_with == picture_without
    assert _without_ids(page_with) == _without_ids(page_without)
    assert b"B9" not in page_with


def test_the_game_master_sees_the_far_token(cast: Cast) -> None:
    battle = set_up(cast, sight=2, tokens=[*RED_AND_NEAR_BLUE, infantry("B9", "Blue", "g5")])
    post(cast, "gm", "battle_start", battle, {})
    assert b"B9" in cast.client("gm").get(reverse("battle_console", args=[battle.pk])).content


def _without_ids(page: bytes) -> bytes:
    """The pages may differ only in the battle's number, the deadline's minute and CSRF."""
    import re

    page = re.sub(rb"/battles/\d+/", b"/battles/N/", page)
    page = re.sub(rb"Deadline [0-9: -]+ UTC", b"Deadline", page)
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", page)
