"""Email about seats: the catch-up for a newcomer, the farewell to a player
who left or was replaced, and the deadline extended for a newcomer (the
`deadline` email of every extension, with the newcomer's wording).

Queued inside the transaction of the seat's change, like every game email
(games.emails.notify); the catch-up's records and map are read through
games.access when it is sent (games.emails.catch_up).
"""

from __future__ import annotations

from datetime import timedelta

from games.emails import notify
from games.models import Phase, Seat
from postoffice import posting
from postoffice.models import OutboxMessage

Kind = OutboxMessage.Kind


def catch_up(seat: Seat, phase: Phase | None) -> None:
    """Everything the seat's power knows so far, for its new player."""
    through = seat.game.records.filter(power=seat.power).order_by("-ordinal").first()
    posting.queue(
        Kind.CATCH_UP,
        seat.game,
        f"catch_up:{seat.pk}",
        seat.user.email,
        user=seat.user,
        phase=phase,
        power=seat.power,
        context={"through": through.ordinal if through else 0},
    )


def farewell(seat: Seat, how: str) -> None:
    """The player who left, or whose seat was opened or handed on, is told so.
    Sent without the seat's power (whose reply address no longer plays)."""
    posting.queue(
        Kind.FAREWELL,
        seat.game,
        f"farewell:{seat.pk}",
        seat.user.email,
        user=seat.user,
        context={"how": how, "left_power": seat.power.title()},
    )


def deadline_extended(phase: Phase, by: timedelta, power: str) -> None:
    """Every seated player alike; why only where the game hides nothing."""
    game = phase.game
    hours = round(by.total_seconds() / 3600, 1)
    reason = "" if game.is_fogged else f"{power.title()} has a new player"
    paused = game.status == game.Status.PAUSED
    context = {"hours": f"{hours:g}", "reason": reason, "paused": paused}
    notify.deadline_extended(phase, notify.NEWCOMER, context)
