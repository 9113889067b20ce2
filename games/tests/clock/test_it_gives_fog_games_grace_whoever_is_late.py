"""Grace in a fog game is part of every phase's schedule: whether some power
had a choice and sent nothing (a unit dislodged out of sight, a build, missed
movement orders) changes nothing Austria receives, nor when: not its mail,
not its page, not the deadline it is shown, not the moment results come.
Only the late power is told, privately (docs/fog.md, "Over the whole timeline")."""

from __future__ import annotations

import pytest

from games import actions
from games.tests.clock.timeline import SWEEPS, World, deadline_of

pytestmark = pytest.mark.django_db


def retreat_world(suffix: str, dislodge: bool) -> World:
    """A German army in Munich dislodged out of Austria's sight (or left
    alone), then Germany sends nothing in the retreat phase."""
    world = World(suffix)
    world.edit("add", "Burgundy", unit="A", power="FRANCE")
    world.edit("add", "Ruhr", unit="A", power="FRANCE")
    if dislodge:
        world.order("FRANCE", "A Bur - Mun", "A Ruh S A Bur - Mun")
    else:
        world.order("FRANCE", "A Bur H", "A Ruh H")
    world.order("GERMANY", "A Mun H")  # so Germany is no seat in civil disorder
    world.ready(*world.everyone_but("FRANCE"))
    world.play_out(1)
    world.play_out(2)
    return world


def test_a_unit_dislodged_out_of_sight_does_not_show() -> None:
    dislodged, nobody = retreat_world("a", dislodge=True), retreat_world("b", dislodge=False)
    assert dislodged.game.phases.get(ordinal=2).position["dislodged"]
    assert not nobody.game.phases.get(ordinal=2).position["dislodged"]
    assert dislodged.noted == nobody.noted
    assert dislodged.deadline_mail_to("GERMANY") == 1  # told it is late, alone
    assert nobody.deadline_mail_to("GERMANY") == 0


def build_world(suffix: str, build: bool) -> World:
    """Germany loses a fleet to a game-master edit out of Austria's sight, so
    it has a build in Winter (or not), and sends nothing then."""
    world = World(suffix)
    if build:
        world.edit("remove", "Kiel")
    for ordinal in range(1, 5):
        if ordinal % 2:  # movement: no seat in civil disorder
            world.order("GERMANY", "A Mun H")
        world.ready(*world.players)
        world.play_out(ordinal)
    assert world.phase().name == "W1901A"
    world.play_out(5)
    return world


def test_a_build_out_of_sight_does_not_show() -> None:
    building, nobody = build_world("a", build=True), build_world("b", build=False)
    assert building.deadline_mail_to("GERMANY") == 1
    assert nobody.deadline_mail_to("GERMANY") == 0
    assert building.noted == nobody.noted


def movement_world(suffix: str, germany_orders: bool) -> World:
    """Germany sends nothing in Spring (or holds); Austria orders without
    saying ready, so no early end comes in either world."""
    world = World(suffix)
    world.ready(*world.everyone_but("AUSTRIA", "GERMANY"))
    world.order("AUSTRIA", "A Vie H")
    if germany_orders:
        world.order("GERMANY", "A Mun H")
    world.play_out(1)
    return world


def test_missed_movement_orders_do_not_show() -> None:
    missed, ordered = movement_world("a", False), movement_world("b", True)
    assert missed.deadline_mail_to("GERMANY") == 1
    assert ordered.deadline_mail_to("GERMANY") == 0
    assert missed.noted == ordered.noted
    assert missed.game.phases.get(ordinal=1).adjudicated is not None


def test_the_grace_is_the_same_for_every_phase_and_only_the_late_hear() -> None:
    world = movement_world("c", False)
    first = world.game.phases.get(ordinal=1)
    assert first.extensions == 1
    assert world.deadline_mail_to("AUSTRIA") == 0
    assert [world.deadline_mail_to(power) for power in world.players].count(1) == 1


def test_every_player_is_shown_the_grace_to_come() -> None:
    world = World("d")
    assert "then 1 grace period of 1 h, for every phase alike" in world.page()
    actions.claim_due_phases(deadline_of(1) + SWEEPS[0])  # the grace given, the phase open
    assert world.phase().ordinal == 1
    assert "grace period" not in world.page()
