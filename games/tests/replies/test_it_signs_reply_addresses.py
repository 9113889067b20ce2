"""Reply addresses: signed with the site's secret, one per (game, power) seat,
dead once the seat is replaced, unharmed by a mail server folding case."""

from __future__ import annotations

from django.contrib.auth.models import User

from games import actions
from games.replies.addresses import game_master_token, seat_token
from postoffice.inbound.addresses import ReplySigner, address_for, tokens_in
from postoffice.inbound.handler import addressee_of


def token_of(address: str) -> str:
    return tokens_in([address])[0]


def test_it_names_the_seat_it_was_made_for(game, england):
    addressee = addressee_of(token_of(england))
    assert addressee is not None
    assert (addressee.game, addressee.power, addressee.user.username) == (
        game,
        "ENGLAND",
        "england",
    )


def test_each_power_has_its_own_address(game):
    tokens = {seat_token(seat) for seat in game.active_seats()}
    assert len(tokens) == 7


def test_it_survives_a_mail_server_folding_case(england):
    assert addressee_of(token_of(england.upper())) is not None


def test_it_refuses_a_changed_power_or_game(game, england):
    value, signature = token_of(england).rsplit(".", 1)
    game_id, _, seat = value.split("-")
    assert addressee_of(f"{game_id}-fr-{seat}.{signature}") is None
    assert addressee_of(f"{int(game_id) + 1}-en-{seat}.{signature}") is None


def test_it_refuses_a_token_signed_with_another_secret(game, settings):
    seat = game.active_seats().get(power="ENGLAND")
    settings.SECRET_KEY = "another-site-secret-key-entirely-different"
    forged = seat_token(seat)
    settings.SECRET_KEY = "test-only-secret-key-not-for-production"
    assert addressee_of(forged) is None
    assert addressee_of(seat_token(seat)) is not None


def test_a_token_is_dead_once_its_player_is_replaced(game_and_players, england):
    game, master, _ = game_and_players
    seat = game.active_seats().get(power="ENGLAND")
    actions.replace_player(game, master, seat, User.objects.create_user("heir", "heir@x.org"))
    assert addressee_of(token_of(england)) is None
    heir = game.active_seats().get(power="ENGLAND")
    assert addressee_of(seat_token(heir)).user.username == "heir"


def test_the_game_master_has_an_address_of_their_own(game_and_players):
    game, master, _ = game_and_players
    addressee = addressee_of(game_master_token(game))
    assert addressee is not None and addressee.is_game_master and addressee.user == master


def test_the_signature_is_lower_case_base32_and_the_address_short(game):
    token = seat_token(game.active_seats().get(power="ENGLAND"))
    signature = token.rsplit(".", 1)[1]
    assert signature == signature.lower() and signature.isalnum()
    assert len(address_for(token).split("@")[0]) <= 64  # RFC 5321's longest local part
    assert (
        ReplySigner().unsign(token).endswith(f"-en-{game.active_seats().get(power='ENGLAND').pk}")
    )
