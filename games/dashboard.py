"""Where a person stands in each of their games, at a glance: the dashboard
and its live status (games/status.json, polled every LIVE_POLL_SECONDS by
every open dashboard and game page).

Only the person's own part is read: the games they run or play in, each
game's latest phase (public), the power they play, the state of their own
orders for the open phase and their own unread press. Three queries however
many games, each compiled once (common.prepared): the status is the request
a signed-in browser makes most often, and compiling its queries afresh was
most of its cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, Max, OuterRef, QuerySet, Subquery

from common.prepared import prepared
from games.access import BOARD, membership
from games.models import Game, OrderSheet, Phase, Seat
from games.press.unread import unread_count


@dataclass(frozen=True)
class DashboardRow:
    """One game on a person's dashboard: their own part in it, nobody else's."""

    game: Game
    phase: Phase | None
    power: str  # "" for the game master or a seat without a power
    state: str  # "no orders", "orders in", "ready", or "" when nothing is asked
    unread: int = 0  # press the user's power received and has not opened


def dashboard_rows(user: Any) -> list[DashboardRow]:
    """The user's games (newest first), each with its latest phase, the power
    the user plays, the state of the user's own orders and its unread press."""
    games = games_of_user(user_id=user.pk)
    phases = {phase.game_id: phase for phase in latest_phases_of_user(user_id=user.pk)}
    seats = {seat.game_id: seat for seat in playing_seats_of_user(user_id=user.pk)}
    return [row(game, phases.get(game.pk), seats.get(game.pk)) for game in games]


def row(game: Game, phase: Phase | None, seat: Seat | None) -> DashboardRow:
    if seat is None:
        return DashboardRow(game, phase, "", "")
    unread = getattr(seat, "unread", None) or 0
    return DashboardRow(game, phase, seat.power, _state(phase, seat), unread)


def _state(phase: Phase | None, seat: Seat) -> str:
    """The seat's orders for the open phase; nothing when no phase is open."""
    if phase is None or phase.status != Phase.Status.OPEN:
        return ""
    if getattr(seat, "sheet_ready", False):
        return "ready"
    return "orders in" if getattr(seat, "sheet_ordered", False) else "no orders"


@prepared
def games_of_user(user_id: int) -> QuerySet[Game]:
    """The games a user runs or plays in (as games.access.games_of), newest first."""
    return Game.objects.filter(membership(user_id)).distinct().select_related("game_master")


@prepared
def latest_phases_of_user(user_id: int) -> QuerySet[Phase]:
    """Each of the user's games' latest phase, without its board."""
    games = Game.objects.filter(membership(user_id)).values("pk")
    newest = (
        Phase.objects.filter(game_id=OuterRef("game_id"))
        .values("game_id")
        .annotate(newest=Max("ordinal"))
        .values("newest")
    )
    phases = Phase.objects.filter(game_id__in=games, ordinal=Subquery(newest))
    return phases.defer(*BOARD).order_by()


@prepared
def playing_seats_of_user(user_id: int) -> QuerySet[Seat]:
    """The user's seats with a power, each with its unread press and the state
    of its orders for its game's open phase (one at most: only the latest
    phase is ever open)."""
    sheets = OrderSheet.objects.filter(
        phase__game_id=OuterRef("game_id"),
        phase__status=Phase.Status.OPEN,
        power=OuterRef("power"),
    )
    seats = Seat.objects.filter(user_id=user_id, status=Seat.Status.ACTIVE).exclude(power="")
    return seats.annotate(
        unread=unread_count(OuterRef("game_id"), OuterRef("power")),
        sheet_ready=Exists(sheets.filter(ready=True)),
        sheet_ordered=Exists(sheets.exclude(parsed=[])),
    ).order_by()
