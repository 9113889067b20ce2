"""The public listings: the lobby's games (forming, or under way with a seat
open) and the games anyone signed in may watch. Only what anyone may know:
nothing a player of the game could not read on its own page
(docs/lifecycle.md, "The lobby"); everything seen from inside a game goes
through games.access."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import OuterRef, Subquery

from adjudication.record import Knowledge, parse_optional
from games.access import latest_phase
from games.lobby_filters import LobbyFilters
from games.models import OBSERVER_POWER, Game, OpenSeat, Phase
from games.records import records_of


@dataclass(frozen=True)
class LobbyEntry:
    """One game as the lobby shows it to anyone: nothing a player of the game
    could not read on its own page (docs/lifecycle.md, "The lobby")."""

    game_id: int
    name: str
    preset: str
    join_token: str  # forming games: the join link; "" once under way
    players: int  # forming games: how many have joined
    phase_label: str
    deadline: datetime | None  # None while paused
    open_seats: tuple[tuple[str, int | None], ...]  # (power, centres where public)
    asks: Asked

    @property
    def places(self) -> int:
        """Places to take: a forming game's free powers, or the open seats."""
        return len(self.open_seats) if self.open_seats else self.asks.powers - self.players


@dataclass(frozen=True)
class Asked:
    """What the game's settings say to anyone: press, deadlines, the minimum asked."""

    press: str
    movement_hours: float
    min_reliability: int | None
    min_rating: int | None
    powers: int

    @classmethod
    def of(cls, game: Game) -> Asked:
        hours = game.movement_minutes / 60
        press = game.get_press_mode_display()
        powers = len(game.powers)
        return cls(press, hours, game.min_reliability, game.min_rating, powers)


def games_to_watch(limit: int = 100) -> list[Game]:
    """Games whose game master lets anyone signed in watch, newest first,
    each with the name of its latest phase (``phase_name``): one query."""
    latest = Phase.objects.filter(game=OuterRef("pk")).order_by("-ordinal").values("name")[:1]
    watched = Game.objects.filter(spectators_allowed=True).exclude(status=Game.Status.FORMING)
    return list(watched.annotate(phase_name=Subquery(latest)).order_by("-created", "-pk")[:limit])


def lobby_games(
    filters: LobbyFilters | None = None,
) -> tuple[list[LobbyEntry], list[LobbyEntry]]:
    """Games still forming, and games under way with a seat open, both listed
    in the lobby, as far as they pass the filters."""
    filters = filters or LobbyFilters()
    listed = filters.games(Game.objects.filter(in_lobby=True))
    forming = listed.filter(status=Game.Status.FORMING).order_by("created", "pk")
    with_open_seat = OpenSeat.objects.filter(taken__isnull=True).values("game")
    playing = listed.filter(
        status__in=[Game.Status.ACTIVE, Game.Status.PAUSED], pk__in=with_open_seat
    )
    new = [forming_entry(game) for game in forming]
    running = [under_way_entry(game) for game in playing.order_by("created", "pk")]
    least = filters.places or 0
    return _with_places(new, least), _with_places(running, least)


def _with_places(entries: list[LobbyEntry], least: int) -> list[LobbyEntry]:
    return [entry for entry in entries if entry.places >= least]


def forming_entry(game: Game) -> LobbyEntry:
    players = game.active_seats().count()
    preset = game.get_preset_display()
    return LobbyEntry(
        game.pk, game.name, preset, game.join_token, players, "", None, (), Asked.of(game)
    )


def public_knowledge(game: Game) -> Knowledge | None:
    """What anyone may know of the board: in a full-information game the
    observer's record shows every centre; in a fog game nothing."""
    if game.is_fogged:
        return None
    latest = records_of(game, OBSERVER_POWER).last()
    return parse_optional(latest.data if latest else None)


def under_way_entry(game: Game) -> LobbyEntry:
    phase = latest_phase(game)
    powers = game.open_seats.filter(taken__isnull=True).order_by("power")
    public = public_knowledge(game)
    seats = tuple(
        (seat.power, len(public.centres_of(seat.power)) if public else None) for seat in powers
    )
    paused = game.status == Game.Status.PAUSED
    deadline = None if paused or phase is None else phase.deadline
    label = phase.label if phase else ""
    preset = game.get_preset_display()
    return LobbyEntry(game.pk, game.name, preset, "", 0, label, deadline, seats, Asked.of(game))
