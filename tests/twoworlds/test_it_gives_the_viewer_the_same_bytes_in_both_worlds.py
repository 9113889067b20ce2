"""Fog over the whole timeline (docs/fog.md): for each hidden variation of the
catalogue, under every fog rule set, England receives the same bytes in the
base world and in the hidden one, and different bytes in the control world.

Entries whose base worlds are the same (catalogue.sharing_a_base) share one
test: the game is built and the base world played and read once, then each
entry's hidden and control worlds are compared with it."""

from __future__ import annotations

import difflib
from datetime import timedelta

import pytest

from tests.twoworlds.catalogue import CATALOGUE, Variation, sharing_a_base
from tests.twoworlds.clock import Clock
from tests.twoworlds.pairs import worlds
from tests.twoworlds.receipts import Receipt, receipts, received, until_different
from tests.twoworlds.world import VIEWER, Step, World, build, play_tick, run, shared_ticks

pytestmark = pytest.mark.django_db
CASES = [
    pytest.param(group, preset, id=f"{'+'.join(entry.name for entry in group)}-{preset}")
    for group in sharing_a_base(CATALOGUE)
    for preset in group[0].presets
]


def play(group: tuple[Variation, ...], preset: str) -> list[list[Receipt]]:
    """What England received in the base world, then in each entry's hidden
    and control worlds: [base, hidden 1, control 1, hidden 2, ...]. The first
    ticks, before any world's own step, are played once with the game's build
    (shared_ticks), then each world plays on from there."""
    first = group[0]
    plans = [(first, "base")] + [(entry, name) for entry in group for name in ("hidden", "control")]
    scripts = [(timedelta(hours=entry.hours), entry.script(name)) for entry, name in plans]
    shared = shared_ticks(scripts)

    def start(clock: Clock) -> World:
        world = build(preset, clock, **first.settings)
        for _ in range(shared):
            play_tick(world, [])
        return world

    def script(until: timedelta, steps: dict[int, list[Step]]):
        return lambda world: run(world, until, steps, first_tick=shared)

    got: list[list[Receipt]] = []

    def read(world: World) -> list[Receipt]:
        got.append(received(world, world.viewer, VIEWER, actors=first.actors))
        return got[-1]

    def read_control(world: World) -> list[Receipt]:
        # A control world need only be seen to differ from the base: read up
        # to its first difference (every hidden world is read whole).
        return until_different(got[0], receipts(world, world.viewer, VIEWER, first.actors))

    reads = tuple(read_control if name == "control" else read for _, name in plans)
    return worlds(start, tuple(script(*planned) for planned in scripts), reads)


def first_difference(one: list[Receipt], other: list[Receipt]) -> str:
    if len(one) != len(other):
        extra = {what for what, _ in one} ^ {what for what, _ in other}
        return f"{len(one)} items against {len(other)}: {sorted(extra)[:5]}"
    for (what, text), (_, other_text) in zip(one, other, strict=True):
        if text != other_text:
            diff = difflib.unified_diff(text.splitlines(), other_text.splitlines(), lineterm="")
            return f"{what}:\n" + "\n".join(list(diff)[:40])
    return ""


def failures(group: tuple[Variation, ...], got: list[list[Receipt]]) -> list[str]:
    """Each entry's failure, named: every entry of the group is checked."""
    base, found = got[0], []
    for n, entry in enumerate(group):
        hidden, control = got[1 + 2 * n], got[2 + 2 * n]
        if base == control:
            found.append(f"{entry.name}: the control world should differ for England")
        if base != hidden:
            found.append(f"{entry.name}: {first_difference(base, hidden)}")
    return found


@pytest.mark.parametrize(("group", "preset"), CASES)
def test_the_viewer_receives_the_same_bytes(group: tuple[Variation, ...], preset: str) -> None:
    found = failures(group, play(group, preset))
    assert not found, "\n\n".join(found)


@pytest.mark.django_db(False)
def test_it_checks_every_entry_of_a_shared_base() -> None:
    """One base for several entries: each entry's hidden world is still
    compared with it, and each control still required to differ."""
    group = max(sharing_a_base(CATALOGUE), key=len)[:3]
    base, other = [("GET /", "200 a")], [("GET /", "200 b")]
    got = [base, base, other, other, other, base, base]  # base, then hidden/control pairs
    found = failures(group, got)
    assert found[0].startswith(f"{group[1].name}: GET /:")
    assert found[1:] == [f"{group[2].name}: the control world should differ for England"]


@pytest.mark.django_db(False)
def test_a_control_world_is_read_until_it_differs() -> None:
    """The control's reading stops at its first difference, a missing or an
    extra item included, and reads everything when nothing differs."""
    base = [("mail a", "1"), ("GET /", "200 x"), ("GET /b", "200 y")]
    asked: list[str] = []

    def other(items: list[tuple[str, str]]):
        for item in items:
            asked.append(item[0])
            yield item

    assert until_different(base, other([("mail a", "1"), ("GET /", "200 z"), *base[2:]])) == [
        ("mail a", "1"),
        ("GET /", "200 z"),
    ]
    assert asked == ["mail a", "GET /"]
    assert until_different(base, other(base)) == base
    assert until_different(base, other(base[:2])) != base
    assert until_different(base, other([*base, ("GET /c", "200")])) != base
