"""Fog over a battle's whole timeline (docs/fog.md): Red receives the same
bytes whether or not a Blue token it cannot see stands on its path or bears
the name it typed, and different bytes when the token stands in its sight."""

from __future__ import annotations

import pytest

from tests.twoworlds.battles import BATTLE_CATALOGUE, BattleVariation
from tests.twoworlds.battleworld import SIDES, build
from tests.twoworlds.pairs import worlds
from tests.twoworlds.receipts import Receipt, received
from tests.twoworlds.test_it_gives_the_viewer_the_same_bytes_in_both_worlds import (
    first_difference,
)

pytestmark = pytest.mark.django_db


def read(world) -> list[Receipt]:
    return received(world, world.players["Red"], "Red", sides=SIDES)


@pytest.mark.parametrize("variation", BATTLE_CATALOGUE, ids=lambda variation: variation.name)
def test_red_receives_the_same_bytes(variation: BattleVariation) -> None:
    names = ("base", "hidden", "control")
    got = dict(
        zip(names, worlds(build, tuple(variation.script(n) for n in names), read), strict=True)
    )
    assert got["base"] != got["control"], "the control world should differ for Red"
    assert got["base"] == got["hidden"], first_difference(got["base"], got["hidden"])
