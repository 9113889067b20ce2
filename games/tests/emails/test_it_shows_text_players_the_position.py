"""A text-only player learns the position from the text alone: results, the
answer to STATUS and the catch-up list the power's own units and centres,
every unit and centre it sees now, and what it saw before with when; all
from its own record."""

from __future__ import annotations

from django.core import mail

from adjudication.record import GhostCentre, GhostUnit, Knowledge
from games import actions
from games.emails.position import position_lines
from games.tests.emails.conftest import confirmed_user
from games.tests.emails.test_it_tells_each_power_only_its_own_news import (
    english_results,
    play_first_phase,
)
from games.tests.replies.conftest import answers_to, seat_address, send
from postoffice.tasks import sweep_outbox


def test_results_list_the_powers_own_units_and_centres(db):
    game, _, _ = play_first_phase("dc2005", turkey_moves=False)
    body = english_results(game).body
    assert "(nothing to report)" not in body
    assert "Your units (3):" in body
    for unit in ("F EDI", "F LON", "A LVP"):
        assert unit in body.split("Your units (3):")[1].splitlines()[0]
    assert "Your centres (3): EDI, LON, LVP" in body


def test_results_list_every_unit_and_centre_the_power_sees(db):
    game, _, _ = play_first_phase("standard", turkey_moves=False)
    body = english_results(game).body
    others = body.split("Others you see now:")[1]
    assert "  France: units " in others and "centres BRE, MAR, PAR" in others


def test_status_by_email_lists_the_position(db):
    game, _, _ = play_first_phase("dc2005", turkey_moves=False)
    send("STATUS", "england@example.org", seat_address(game, "ENGLAND"))
    body = answers_to("england@example.org")[0].body
    assert "Where things stand, as you know them:" in body
    assert "Your centres (3): EDI, LON, LVP" in body


def test_what_was_seen_before_says_when():
    knowledge = Knowledge(
        power="ENGLAND",
        phase="F1901M",
        sees=("LON",),
        units={"ENGLAND": ("F LON",)},
        centers={"ENGLAND": ("LON",)},
        ghost_units=(GhostUnit(power="FRANCE", unit="F BRE", seen="S1901M"),),
        ghost_centres=(GhostCentre(province="HOL", power=None, seen="S1901M"),),
    )
    lines = position_lines(knowledge, "ENGLAND")
    assert "  F BRE (France), last seen Spring 1901 movement" in lines
    assert "  centre HOL (neutral), last seen Spring 1901 movement" in lines


def test_the_catch_up_lists_the_position(db):
    game, _, _ = play_first_phase("dc2005", turkey_moves=False)
    master = game.game_master
    newcomer = confirmed_user("newcomer", "newcomer@example.org")
    actions.replace_player(game, master, game.active_seats().get(power="ENGLAND"), newcomer)
    mail.outbox = []
    sweep_outbox()
    catch_up = [m for m in mail.outbox if m.to == ["newcomer@example.org"]]
    assert len(catch_up) == 1
    assert "Your centres (3): EDI, LON, LVP" in catch_up[0].body
