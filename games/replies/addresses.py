"""A Diplomacy game's reply addresses: one per (game, power) seat, one per
game master, and one general address per person (the email names the game).

A seat's token reads ``12-en-345``: the game, the power's two-letter code
(``gm`` for the game master) and the seat (the game master's user id); a
person's reads ``u345``. Signed by postoffice.inbound.addresses.

A token is current only while what it names still holds: the seat is not
replaced (a replaced player's address is dead), the power is the seat's, and
the game master is still the game's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from games.models import Game, Seat
from postoffice.inbound.addresses import GAME_MASTER_CODE, ReplySigner, address_for, signed_address

VALUE = re.compile(r"^(\d+)-([a-z]{2})-(\d+)$")
PERSON_VALUE = re.compile(r"^u(\d+)$")


@dataclass(frozen=True)
class Addressee:
    """Whom a valid reply address names: a seated power, or the game master."""

    game: Game
    user: Any
    power: str  # "" for the game master

    @property
    def is_game_master(self) -> bool:
        return not self.power

    @property
    def seat(self) -> str:
        return f"game {self.game.pk} {self.power}"

    def record_fields(self) -> dict[str, Any]:
        return {"game": self.game, "power": self.power, "user": self.user}


@dataclass(frozen=True)
class PersonAddressee:
    """A person's general address: one for all their games; the email names the game."""

    user: Any


def seat_token(seat: Seat) -> str:
    return ReplySigner().sign(f"{seat.game_id}-{seat.power[:2].lower()}-{seat.pk}")


def game_master_token(game: Game) -> str:
    return ReplySigner().sign(f"{game.pk}-{GAME_MASTER_CODE}-{game.game_master_id}")


def reply_address_of_seat(seat: Seat) -> str:
    return address_for(seat_token(seat))


def reply_address_of_game_master(game: Game) -> str:
    return address_for(game_master_token(game))


def current_reply_address(game: Game, user: Any, power: str) -> str:
    """The address a game email to ``user`` as ``power`` carries; "" when they hold no seat."""
    seat = game.active_seats().filter(user=user, power=power).exclude(power="").first()
    return reply_address_of_seat(seat) if seat else ""


def reply_address_for(game: Game, user: Any, power: str) -> str:
    """The Reply-To of a game email: the seat's address, or the game master's own."""
    if user is None:
        return ""
    if power:
        return current_reply_address(game, user, power)
    return reply_address_of_game_master(game) if user.pk == game.game_master_id else ""


def person_address(user: Any) -> str:
    """The judge's general address for this person (``play+u345.<signature>@...``)."""
    return signed_address(f"u{user.pk}")


def person_of(match: re.Match[str]) -> PersonAddressee | None:
    user = get_user_model().objects.filter(pk=int(match[1]), is_active=True).first()
    return PersonAddressee(user) if user is not None else None


def seat_of(match: re.Match[str]) -> Addressee | None:
    game_id, code, holder = int(match[1]), match[2], int(match[3])
    if code == GAME_MASTER_CODE:
        return _game_master(game_id, holder)
    return _seated(game_id, code, holder)


def _game_master(game_id: int, user_id: int) -> Addressee | None:
    game = Game.objects.select_related("game_master").filter(pk=game_id).first()
    if game is None or game.game_master_id != user_id:
        return None
    return Addressee(game, game.game_master, "")


def _seated(game_id: int, code: str, seat_id: int) -> Addressee | None:
    """The seat, if it still plays the power the code names (any board's power:
    the code is the first two letters of its name)."""
    seats = Seat.objects.select_related("game", "user").filter(pk=seat_id, game_id=game_id)
    seat = seats.exclude(power="").exclude(status=Seat.Status.REPLACED).first()
    if seat is None or seat.power[:2].lower() != code:
        return None
    return Addressee(seat.game, seat.user, seat.power)
