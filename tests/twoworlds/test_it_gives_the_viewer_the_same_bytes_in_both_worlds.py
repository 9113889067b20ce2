"""Fog over the whole timeline (docs/fog.md): for each hidden variation of the
catalogue, under every fog rule set, England receives the same bytes in the
base world and in the hidden one, and different bytes in the control world."""

from __future__ import annotations

import difflib
from datetime import timedelta

import pytest

from tests.twoworlds.catalogue import CATALOGUE, Variation
from tests.twoworlds.pairs import game_builder, worlds
from tests.twoworlds.receipts import Receipt, received
from tests.twoworlds.world import VIEWER, World, run

pytestmark = pytest.mark.django_db
CASES = [
    pytest.param(variation, preset, id=f"{variation.name}-{preset}")
    for variation in CATALOGUE
    for preset in variation.presets
]


def play(variation: Variation, preset: str) -> dict[str, list[Receipt]]:
    def script(name: str):
        return lambda world: run(world, timedelta(hours=variation.hours), variation.script(name))

    def read(world: World) -> list[Receipt]:
        return received(world, world.viewer, VIEWER, actors=variation.actors)

    names = ("base", "hidden", "control")
    build = game_builder(preset, **variation.settings)
    return dict(zip(names, worlds(build, tuple(script(name) for name in names), read), strict=True))


def first_difference(one: list[Receipt], other: list[Receipt]) -> str:
    if len(one) != len(other):
        extra = {what for what, _ in one} ^ {what for what, _ in other}
        return f"{len(one)} items against {len(other)}: {sorted(extra)[:5]}"
    for (what, text), (_, other_text) in zip(one, other, strict=True):
        if text != other_text:
            diff = difflib.unified_diff(text.splitlines(), other_text.splitlines(), lineterm="")
            return f"{what}:\n" + "\n".join(list(diff)[:40])
    return ""


@pytest.mark.parametrize(("variation", "preset"), CASES)
def test_the_viewer_receives_the_same_bytes(variation: Variation, preset: str) -> None:
    got = play(variation, preset)
    assert got["base"] != got["control"], "the control world should differ for England"
    assert got["base"] == got["hidden"], first_difference(got["base"], got["hidden"])
