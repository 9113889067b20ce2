"""Each figure of a player's standing, from small played games."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games import actions
from standing.gate import figures_of
from standing.models import Figures
from standing.tests.played import draw, eliminate, play, player, solo, start

pytestmark = pytest.mark.django_db
FIELDS = [field.name for field in Figures._meta.fields if field.name != "id"]


def test_it_counts_two_missed_deadlines_at_once_in_a_standard_game():
    game, _, players = start()
    play(game, silent=("TURKEY",))
    play(game, silent=("TURKEY",))
    turkey, england = figures_of(players["TURKEY"].pk), figures_of(players["ENGLAND"].pk)
    assert (turkey.owed, turkey.missed, turkey.reliability) == (2, 2, 0.0)
    assert (england.owed, england.missed, england.reliability) == (2, 0, 100.0)
    assert (turkey.games, turkey.finished) == (1, 0)


def test_it_shares_a_draw_equally():
    game, _, players = start()
    play(game)
    draw(game, players, tuple(sorted(players)))
    rows = [figures_of(user.pk) for user in players.values()]
    assert {(row.drawn, row.finished, row.rated_games) for row in rows} == {(1, 1, 1)}
    assert len({round(row.mu, 9) for row in rows}) == 1


def test_it_ranks_a_solo_above_the_survivors_and_them_above_the_eliminated():
    game, master, players = start()
    eliminate(game, master, "ITALY")
    solo(game, "FRANCE")
    france, england, italy = (figures_of(players[p].pk) for p in ("FRANCE", "ENGLAND", "ITALY"))
    assert (france.won, england.survived, italy.eliminated) == (1, 1, 1)
    assert france.mu > england.mu > italy.mu
    assert france.sigma < 25 / 3  # the uncertainty shrinks with a game played


def test_it_counts_an_abandonment_against_reliability_and_rating():
    game, _, players = start()
    play(game)
    actions.leave_game(game, players["GERMANY"])
    germany = figures_of(players["GERMANY"].pk)
    assert (germany.left, germany.owed, germany.missed) == (1, 1, 0)
    assert germany.reliability == 50.0  # one deadline kept, the seat left counts as one missed
    actions.end_game(game, game.game_master)
    germany, england = figures_of(players["GERMANY"].pk), figures_of(players["ENGLAND"].pk)
    assert germany.finished == 1 and germany.mu < england.mu


def test_it_gives_a_replacement_the_seats_end():
    game, _, players = start()
    actions.leave_game(game, players["GERMANY"])
    newcomer = player("newcomer")
    actions.take_seat(game, newcomer, "GERMANY")
    play(game, silent=("TURKEY",))
    draw(game, {**players, "GERMANY": newcomer}, tuple(sorted(players)))
    mine = figures_of(newcomer.pk)
    assert (mine.taken_over, mine.drawn, mine.owed, mine.missed) == (1, 1, 1, 0)
    assert figures_of(players["GERMANY"].pk).drawn == 0


def test_it_counts_a_game_the_game_master_ended_as_finished():
    game, master, players = start()
    actions.end_game(game, master)
    assert figures_of(players["ENGLAND"].pk).finished == 1
    assert figures_of(players["ENGLAND"].pk).survived == 1


def test_it_reveals_a_fog_games_facts_only_at_its_end():
    game, master, players = start("dc2005")
    play(game, silent=("TURKEY",))
    eliminate(game, master, "ITALY")
    assert not Figures.objects.filter(user=players["TURKEY"]).exists()
    assert figures_of(players["ITALY"].pk).eliminated == 0
    actions.end_game(game, master)
    assert figures_of(players["TURKEY"].pk).missed == 1
    assert figures_of(players["ITALY"].pk).eliminated == 1


def test_it_rebuilds_the_same_figures_from_the_stored_facts():
    game, master, _ = start()
    play(game, silent=("TURKEY",))
    eliminate(game, master, "ITALY")
    solo(game, "FRANCE")

    def stored():
        return list(Figures.objects.order_by("user_id").values(*FIELDS))

    before = stored()
    Figures.objects.update(mu=0, won=9)
    call_command("rebuild_standing")
    assert stored() == before


def test_it_counts_a_phase_rolled_back_and_adjudicated_again_once():
    game, master, players = start()
    play(game, silent=("TURKEY",))
    actions.roll_back(game, master, timezone.now() + timedelta(hours=1))
    play(game, silent=("TURKEY",))
    turkey = figures_of(players["TURKEY"].pk)
    assert (turkey.owed, turkey.missed) == (1, 1)
