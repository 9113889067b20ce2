"""Reply addresses: one per (game, power) seat, and one per game master; for a
grid battle, one per (battle, side, player) and one per battle's game master.

An address looks like ``play+12-en-345.<signature>@play.example.org``: the
game, the power's two-letter code (``gm`` for the game master) and the seat
(the game master's user id), signed with the site's secret through
django.core.signing. The signature is base32 in lower case, because mail
servers and providers may fold the case of an address.

A battle's token reads ``b7-s12-345`` (battle 7, side 12, user 345) or
``b7-gm-345``, signed the same way.

A token is current only while what it names still holds: the seat is not
replaced (a replaced player's address is dead), the power is the seat's, and
the game master is still the game's; the battle's side is still played by
that user, and the battle's game master is still theirs.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.utils.crypto import salted_hmac

from games.battles.actions.base import sides_of_user
from games.battles.models import GAME_MASTER_SIDE, Battle
from games.models import Game, Seat

SALT = "fogdip.inbound.reply-address"
GAME_MASTER_CODE = "gm"
VALUE = re.compile(r"^(\d+)-([a-z]{2})-(\d+)$")
BATTLE_VALUE = re.compile(r"^b(\d+)-(gm|s\d+)-(\d+)$")
PERSON_VALUE = re.compile(r"^u(\d+)$")


class ReplySigner(signing.Signer):
    """django.core.signing's Signer with a signature that survives case folding."""

    def __init__(self) -> None:
        super().__init__(sep=".", salt=SALT, algorithm="sha256")

    def signature(self, value: str | bytes, key: str | bytes | None = None) -> str:
        digest = salted_hmac(SALT + "signer", value, key or self.key, algorithm="sha256")
        return base64.b32encode(digest.digest()[:20]).decode().rstrip("=").lower()


@dataclass(frozen=True)
class Addressee:
    """Whom a valid reply address names: a seated power, or the game master."""

    game: Game
    user: Any
    power: str  # "" for the game master

    @property
    def is_game_master(self) -> bool:
        return not self.power


@dataclass(frozen=True)
class BattleAddressee:
    """Whom a valid battle reply address names: a side's player, or the game master."""

    battle: Battle
    user: Any
    side: str  # "" for the game master

    @property
    def is_game_master(self) -> bool:
        return self.side == GAME_MASTER_SIDE


@dataclass(frozen=True)
class PersonAddressee:
    """A person's general address: one for all their games; the email names the game."""

    user: Any


def local_part() -> str:
    return str(settings.INBOUND_EMAIL_LOCAL_PART)


def domain() -> str:
    configured = str(settings.INBOUND_EMAIL_DOMAIN)
    return configured or settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip("> ")


def address_for(token: str) -> str:
    return f"{local_part()}+{token}@{domain()}"


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
    return address_for(ReplySigner().sign(f"u{user.pk}"))


def battle_token(battle: Battle, code: str, user: Any) -> str:
    return ReplySigner().sign(f"b{battle.pk}-{code}-{user.pk}")


def battle_reply_address(battle: Battle, user: Any, side: str) -> str:
    """The Reply-To of a battle email: the side's address for its player, or the game master's."""
    if user is None:
        return ""
    if side == GAME_MASTER_SIDE:
        is_master = user.pk == battle.game_master_id
        return address_for(battle_token(battle, GAME_MASTER_CODE, user)) if is_master else ""
    row = battle.sides.filter(name=side).first()
    if row is None or side not in sides_of_user(battle, user):
        return ""
    return address_for(battle_token(battle, f"s{row.pk}", user))


def tokens_in(recipients: list[str]) -> list[str]:
    """Every ``play+TOKEN`` local part among the recipients, in lower case."""
    prefix = f"{local_part().lower()}+"
    found = []
    for address in recipients:
        mailbox = address.rsplit("@", 1)[0].strip().lower()
        if mailbox.startswith(prefix):
            found.append(mailbox[len(prefix) :])
    return found


def addressee_of(token: str) -> Addressee | BattleAddressee | PersonAddressee | None:
    """Whom a token names, if its signature is good and it is still current; else None."""
    try:
        value = ReplySigner().unsign(token.lower())
    except signing.BadSignature:
        return None
    person = PERSON_VALUE.match(value)
    if person is not None:
        user = get_user_model().objects.filter(pk=int(person[1]), is_active=True).first()
        return PersonAddressee(user) if user is not None else None
    in_battle = BATTLE_VALUE.match(value)
    if in_battle is not None:
        return _in_battle(int(in_battle[1]), in_battle[2], int(in_battle[3]))
    match = VALUE.match(value)
    if match is None:
        return None
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


def _in_battle(battle_id: int, code: str, user_id: int) -> BattleAddressee | None:
    """The battle's game master, or a player who still plays the side the code names."""
    battle = Battle.objects.select_related("game_master").filter(pk=battle_id).first()
    if battle is None:
        return None
    if code == GAME_MASTER_CODE:
        is_master = battle.game_master_id == user_id
        return BattleAddressee(battle, battle.game_master, GAME_MASTER_SIDE) if is_master else None
    side = battle.sides.filter(pk=int(code[1:])).first()
    user = get_user_model().objects.filter(pk=user_id).first()
    if side is None or user is None or side.name not in sides_of_user(battle, user):
        return None
    return BattleAddressee(battle, user, side.name)
