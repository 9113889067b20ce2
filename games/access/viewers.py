"""Who is looking: the role a (user, game) has, and the Viewer every read takes.

A stranger gets 404, as if the game did not exist; a spectator only where
the game master lets non-members watch, and only on the pages that show."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import (
    FilteredRelation,
    Q,
    QuerySet,
)
from django.http import Http404

from common.prepared import first_of, prepared
from games.models import (
    GAME_MASTER_POWER,
    OBSERVER_POWER,
    Game,
    Seat,
)


class Role(StrEnum):
    GAME_MASTER = "game master"
    PLAYER = "player"
    OBSERVER = "observer"
    SPECTATOR = "spectator"
    STRANGER = "stranger"


@dataclass(frozen=True)
class Viewer:
    """Who is looking at a game, and as which power."""

    user: Any
    game: Game
    role: Role
    power: str = ""
    seat: Seat | None = None  # a player's current seat, the one their power is from

    @property
    def is_game_master(self) -> bool:
        return self.role is Role.GAME_MASTER

    @property
    def is_player(self) -> bool:
        return self.role is Role.PLAYER

    @property
    def is_spectator(self) -> bool:
        return self.role is Role.SPECTATOR

    @property
    def own_record_key(self) -> str:
        """Whose records this viewer reads by default."""
        if self.role is Role.GAME_MASTER:
            return GAME_MASTER_POWER
        return self.power if self.role is Role.PLAYER else OBSERVER_POWER


def role_of(user: Any, game: Game) -> tuple[Role, str]:
    """The user's role, and for a player their power."""
    role, seat = role_and_seat(user, game)
    return role, seat.power if seat else ""


def role_and_seat(
    user: Any, game: Game, seat_read: Callable[[], Seat | None] | None = None
) -> tuple[Role, Seat | None]:
    """The user's role, and for a player the seat that gives it: the seat
    ``seat_read`` gives (read with the game), else current_seat's."""
    if not signed_in(user):
        return Role.STRANGER, None
    if game.game_master_id == user.pk:
        return Role.GAME_MASTER, None
    if seat_read is None:
        current = current_seat.first(game_id=game.pk, user_id=user.pk)
    else:
        current = seat_read()
    if current is not None:
        return Role.PLAYER, current
    seats = Seat.objects.filter(game=game, user=user)
    return (Role.OBSERVER, None) if seats.exists() else (Role.STRANGER, None)


def signed_in(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def playing_seats(user_id: int, via: str = "") -> Q:
    """A member's seats they play from: not replaced, with a power (``via``: the
    lookup's path to the seats, from another model)."""
    member = Q(**{f"{via}user_id": user_id})
    return member & ~Q(**{f"{via}status": Seat.Status.REPLACED}) & ~Q(**{f"{via}power": ""})


@prepared
def current_seat(game_id: int, user_id: int) -> QuerySet[Seat]:
    """The seat a member plays from (the first by power, as Seat orders them)."""
    return first_of(Seat.objects.filter(playing_seats(user_id), game_id=game_id))


SEAT_ORDER = tuple(str(field) for field in Seat._meta.ordering or ())


@prepared
def game_and_seat(game_id: int, user_id: int) -> QuerySet[Game]:
    """The game with, as ``playing_seat``, the seat current_seat would give
    (no such attribute when there is none): one query where every game page
    asked two."""
    seat = FilteredRelation("seats", condition=playing_seats(user_id, via="seats__"))
    games = Game.objects.filter(pk=game_id).annotate(playing_seat=seat)
    # As Seat orders them (its Meta.ordering), as current_seat's first_of does.
    ordered = games.order_by(*(f"playing_seat__{field}" for field in SEAT_ORDER))
    return ordered.select_related("playing_seat")[:1]  # type: ignore[misc]


def access_game(user: Any, game_id: int) -> Viewer:
    """The viewer of a game; 404 for anyone with no part in it."""
    return viewer_or_404(user, game_id, watching=False)


def access_game_to_watch(user: Any, game_id: int) -> Viewer:
    """For pages that only show: a member's viewer, or a spectator's where non-members
    may watch; 404 otherwise, as for a missing game (docs/lifecycle.md, "Spectators")."""
    return viewer_or_404(user, game_id, watching=True)


def access_loaded_game(user: Any, game: Game) -> Viewer:
    """access_game for a game already read: an outbox row's, read with the row."""
    return viewer_of(user, game, watching=False)


@prepared
def game_by_id(game_id: int) -> QuerySet[Game]:
    return first_of(Game.objects.filter(pk=game_id))


def viewer_or_404(user: Any, game_id: int, watching: bool) -> Viewer:
    if not signed_in(user):
        return viewer_of(user, game_or_404(game_by_id.first(game_id=game_id)), watching)
    game = game_or_404(game_and_seat.first(game_id=game_id, user_id=user.pk))
    # Django sets playing_seat only when the join found a seat.
    role, seat = role_and_seat(user, game, lambda: getattr(game, "playing_seat", None))
    return viewer_from(user, game, role, seat, watching)


def game_or_404(game: Game | None) -> Game:
    if game is None:
        raise Http404("No such game")
    return game


def viewer_of(user: Any, game: Game, watching: bool) -> Viewer:
    role, seat = role_and_seat(user, game)
    return viewer_from(user, game, role, seat, watching)


def viewer_from(user: Any, game: Game, role: Role, seat: Seat | None, watching: bool) -> Viewer:
    if role is Role.STRANGER and watching and may_watch(user, game):
        role = Role.SPECTATOR
    if role is Role.STRANGER:
        raise Http404("No such game")
    return Viewer(user, game, role, seat.power if seat else "", seat)


def may_watch(user: Any, game: Game) -> bool:
    """Watching needs an account (ruling in docs/lifecycle.md) and the game master's leave."""
    return game.spectators_allowed and signed_in(user)


def access_game_as_master(user: Any, game_id: int) -> Viewer:
    """The game master's viewer; members who are not the game master get 403."""
    viewer = access_game(user, game_id)
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master can do that.")
    return viewer


def games_of(user: Any) -> QuerySet[Game]:
    """The games a user runs or plays in."""
    return Game.objects.filter(membership(user.pk)).distinct()


def membership(user_id: int) -> Q:
    """Games the user runs or plays in (from a seat not replaced), as a filter."""
    playing = Seat.objects.filter(user_id=user_id).exclude(status=Seat.Status.REPLACED)
    return Q(game_master_id=user_id) | Q(pk__in=playing.values("game"))
