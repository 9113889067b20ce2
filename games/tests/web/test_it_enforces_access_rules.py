"""One test per branch of every access rule in games.access."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from games import access, actions
from games.access import Role
from games.models import Game, Seat
from games.tests.web.conftest import Personas, open_phase


def viewer(people: Personas, game: Game, name: str) -> access.Viewer:
    return access.access_game(getattr(people, name), game.pk)


@pytest.mark.parametrize(
    ("name", "role", "power"),
    [
        ("gm", Role.GAME_MASTER, ""),
        ("player", Role.PLAYER, "FRANCE"),
        ("other", Role.PLAYER, "GERMANY"),
        ("observer", Role.OBSERVER, ""),
        ("stranger", Role.STRANGER, ""),
    ],
)
def test_it_gives_each_persona_its_role(people: Personas, game: Game, name, role, power) -> None:
    assert access.role_of(getattr(people, name), game) == (role, power)


def test_it_finds_the_same_seat_with_the_game_as_after_it(people: Personas, game: Game) -> None:
    """access_game reads the game and the member's seat in one query
    (game_and_seat); a game already read asks for the seat alone. Both must
    choose the same seat: a replaced seat or one with no power is never it,
    and of two the first by power is."""
    played = game.seats.get(user=people.player)
    Seat.objects.filter(pk=played.pk).update(status=Seat.Status.REPLACED)
    Seat.objects.create(game=game, user=people.player, power="")
    Seat.objects.create(game=game, user=people.player, power="TURKEY")
    Seat.objects.create(game=game, user=people.other, power="AUSTRIA")
    Seat.objects.create(game=game, user=people.observer, power="ITALY", status="replaced")
    for name in ("gm", "player", "other", "observer", "stranger"):
        user = getattr(people, name)
        loaded = Game.objects.get(pk=game.pk)
        try:
            joined = access.access_game(user, game.pk)
        except Http404:
            with pytest.raises(Http404):
                access.access_loaded_game(user, loaded)
            continue
        expected = access.access_loaded_game(user, loaded)
        assert (joined.role, joined.power) == (expected.role, expected.power), name
        assert getattr(joined.seat, "pk", None) == getattr(expected.seat, "pk", None), name
    assert access.access_game(people.player, game.pk).power == "TURKEY"
    assert access.access_game(people.other, game.pk).power == "AUSTRIA"


def test_it_treats_nobody_signed_in_as_a_stranger(game: Game) -> None:
    assert access.role_of(AnonymousUser(), game) == (Role.STRANGER, "")


def test_it_hides_the_game_from_strangers(people: Personas, game: Game) -> None:
    with pytest.raises(Http404):
        access.access_game(people.stranger, game.pk)


def test_it_hides_a_game_that_does_not_exist(people: Personas, game: Game) -> None:
    with pytest.raises(Http404):
        access.access_game(people.gm, game.pk + 1000)


def test_it_keeps_the_console_for_the_game_master(people: Personas, game: Game) -> None:
    assert access.access_game_as_master(people.gm, game.pk).is_game_master
    with pytest.raises(PermissionDenied):
        access.access_game_as_master(people.player, game.pk)


def test_it_gives_the_game_master_any_record(people: Personas, game: Game) -> None:
    gm = viewer(people, game, "gm")
    assert access.record_key(gm) == ""
    assert access.record_key(gm, "GERMANY") == "GERMANY"
    record = access.access_current_record(gm, "GERMANY")
    assert record is not None and record["power"] == "GERMANY"


def test_it_gives_a_player_their_own_record(people: Personas, game: Game) -> None:
    record = access.access_current_record(viewer(people, game, "player"))
    assert record is not None and record["power"] == "FRANCE"


def test_it_refuses_a_player_another_powers_record(people: Personas, game: Game) -> None:
    with pytest.raises(Http404):
        access.access_records(viewer(people, game, "player"), "GERMANY")


def test_it_refuses_a_player_the_full_record_while_playing(people: Personas, game: Game) -> None:
    with pytest.raises(Http404):
        access.access_records(viewer(people, game, "player"), "")


def test_it_unfogs_a_finished_game(people: Personas, game: Game) -> None:
    actions.end_game(game, people.gm)
    record = access.access_current_record(viewer(people, game, "player"), "")
    assert record is not None and record["power"] is None


def test_it_keeps_the_fog_when_the_game_master_says_so(people: Personas, game: Game) -> None:
    actions.set_unfog_when_finished(game, people.gm, False)
    actions.end_game(game, people.gm)
    with pytest.raises(Http404):
        access.access_records(viewer(people, game, "player"), "")


def test_it_shows_an_observer_a_power_with_no_units(people: Personas, fog_game: Game) -> None:
    game = fog_game
    seat = game.seats.get(power="GERMANY")
    actions.replace_player(game, people.gm, seat, people.observer)
    actions.replace_player(game, people.gm, game.seats.get(user=people.observer), people.other)
    record = access.access_current_record(viewer(people, game, "observer"))
    assert record is not None and record["units"] == {} and record["sees"] == []


def test_it_refuses_an_observer_a_powers_record(people: Personas, game: Game) -> None:
    with pytest.raises(Http404):
        access.access_records(viewer(people, game, "observer"), "FRANCE")


def test_it_shows_a_player_only_their_own_orders(people: Personas, game: Game) -> None:
    phase = open_phase(game)
    actions.submit_orders(phase, people.player, "FRANCE", ["A Par - Bur"])
    assert access.access_own_orders(viewer(people, game, "player"), phase) is not None
    assert access.access_own_orders(viewer(people, game, "other"), phase) is None
    assert access.access_own_orders(viewer(people, game, "gm"), phase) is None


def test_it_shows_all_orders_to_the_game_master_only(people: Personas, game: Game) -> None:
    phase = open_phase(game)
    actions.submit_orders(phase, people.player, "FRANCE", ["A Par - Bur"])
    assert len(access.access_order_sheets(viewer(people, game, "gm"), phase)) == 1
    with pytest.raises(PermissionDenied):
        access.access_order_sheets(viewer(people, game, "other"), phase)


def test_it_shows_all_orders_once_unfogged(people: Personas, game: Game) -> None:
    phase = open_phase(game)
    actions.end_game(game, people.gm)
    assert access.access_order_sheets(viewer(people, game, "other"), phase) == []


def test_it_tells_the_game_master_who_is_ready(people: Personas, fog_game: Game) -> None:
    readiness = access.access_readiness(viewer(people, fog_game, "gm"), open_phase(fog_game))
    assert readiness == {
        "FRANCE": {"ordered": False, "ready": False},
        "GERMANY": {"ordered": False, "ready": False},
    }


def test_it_hides_who_is_ready_from_players_in_fog(people: Personas, fog_game: Game) -> None:
    assert access.access_readiness(viewer(people, fog_game, "player"), open_phase(fog_game)) is None


def test_it_shows_who_is_ready_in_standard_games(people: Personas, game: Game) -> None:
    readiness = access.access_readiness(viewer(people, game, "player"), open_phase(game))
    assert readiness is not None and set(readiness) == {"FRANCE", "GERMANY"}


def test_it_keeps_the_log_for_the_game_master(people: Personas, game: Game) -> None:
    assert access.access_log(viewer(people, game, "gm")).exists()
    with pytest.raises(PermissionDenied):
        access.access_log(viewer(people, game, "player"))


def test_it_hides_who_plays_whom_in_anonymous_games(people: Personas, game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(anonymous=True)
    game.refresh_from_db()
    seats = access.access_seats(viewer(people, game, "player"))
    assert [seat.user for seat in seats] == [people.player]
    assert len(access.access_seats(viewer(people, game, "gm"))) > 1


def test_it_shows_everyone_who_plays_whom_otherwise(people: Personas, game: Game) -> None:
    assert len(access.access_seats(viewer(people, game, "player"))) > 1


def test_it_never_hands_out_the_position_with_a_phase(people: Personas, game: Game) -> None:
    phase = access.access_phase(viewer(people, game, "player"), 1)
    assert "position" in phase.get_deferred_fields()
    with pytest.raises(Http404):
        access.access_phase(viewer(people, game, "player"), 99)


def test_it_lists_a_persons_own_games(people: Personas, game: Game) -> None:
    assert list(access.games_of(people.gm)) == [game]
    assert list(access.games_of(people.player)) == [game]
    assert list(access.games_of(people.stranger)) == []
