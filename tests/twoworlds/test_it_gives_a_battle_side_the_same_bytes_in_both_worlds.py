"""Fog over a battle's whole timeline (docs/fog.md): Red receives the same
bytes whether or not a Blue token it cannot see stands on its path or bears
the name it typed, and different bytes when the token stands in its sight."""

from __future__ import annotations

import pytest

from tests.twoworlds.battles import BATTLE_CATALOGUE, BattleVariation
from tests.twoworlds.battleworld import SIDES, build
from tests.twoworlds.pairs import worlds
from tests.twoworlds.receipts import Receipt, receipts, received, until_different
from tests.twoworlds.test_it_gives_the_viewer_the_same_bytes_in_both_worlds import (
    first_difference,
)

pytestmark = pytest.mark.django_db


def read(world) -> list[Receipt]:
    return received(world, world.players["Red"], "Red", sides=SIDES)


@pytest.mark.parametrize("variation", BATTLE_CATALOGUE, ids=lambda variation: variation.name)
def test_red_receives_the_same_bytes(variation: BattleVariation) -> None:
    names = ("base", "hidden", "control")
    seen: list[list[Receipt]] = []

    def read_whole(world) -> list[Receipt]:
        seen.append(read(world))
        return seen[-1]

    def read_control(world) -> list[Receipt]:
        # Enough of the control world to see it differ from the base.
        return until_different(seen[0], receipts(world, world.players["Red"], "Red", sides=SIDES))

    reads = (read_whole, read_whole, read_control)
    scripts = tuple(variation.script(n) for n in names)
    got = dict(zip(names, worlds(build, scripts, reads), strict=True))
    assert got["base"] != got["control"], "the control world should differ for Red"
    assert got["base"] == got["hidden"], first_difference(got["base"], got["hidden"])
