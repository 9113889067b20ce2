"""A fog game's draw or concession is decided when its phase is adjudicated,
and every seat votes, its power eliminated or not: six of seven voting tells
the voters nothing of the seventh, whether it is still on the board or not
(docs/fog.md, "Over the whole timeline")."""

from __future__ import annotations

import pytest

from games.models import Game, ResultKind
from games.tests.clock.timeline import World
from games.votes.models import Proposal

pytestmark = pytest.mark.django_db
SIX = ("ENGLAND", "AUSTRIA", "FRANCE", "GERMANY", "ITALY", "RUSSIA")


def world_after_spring(suffix: str, turkey_eliminated: bool) -> World:
    world = World(suffix)
    if turkey_eliminated:
        world.eliminate_turkey()
    world.ready(*world.players)
    world.play_out(1)
    assert world.game.seats.get(power="TURKEY").status == (
        "eliminated" if turkey_eliminated else "disorder"
    )
    return world


def draw_world(suffix: str, turkey_eliminated: bool) -> World:
    world = world_after_spring(suffix, turkey_eliminated)
    world.vote(*SIX)
    world.note()
    world.play_out(2)
    return world


def test_six_votes_of_seven_tell_nothing_of_the_seventh() -> None:
    out, alive = draw_world("a", True), draw_world("b", False)
    assert out.noted == alive.noted
    for world in (out, alive):
        assert world.game.proposals.get().status == Proposal.Status.FAILED
        assert world.game.phases.get(ordinal=2).adjudicated is not None


def concession_world(suffix: str, turkey_eliminated: bool) -> World:
    world = world_after_spring(suffix, turkey_eliminated)
    world.concede("TURKEY", *SIX)
    world.note()
    world.play_out(2)
    return world


def test_a_concession_to_an_eliminated_power_is_not_refused_early() -> None:
    out, alive = concession_world("c", True), concession_world("d", False)
    assert out.noted == alive.noted


def test_a_draw_every_seat_voted_for_passes_with_the_phase() -> None:
    world = world_after_spring("e", True)
    world.vote(*SIX, "TURKEY")
    world.game.refresh_from_db()
    assert world.game.status == Game.Status.ACTIVE
    world.play_out(2)
    world.game.refresh_from_db()
    assert (world.game.status, world.game.result_kind) == ("finished", ResultKind.DRAW)
    assert world.game.result_powers == sorted(SIX)
    assert not world.game.phases.filter(ordinal=3).exists()
