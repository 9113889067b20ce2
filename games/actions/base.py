"""What every action shares: the error a user can act on, and the game log."""

from __future__ import annotations

from typing import Any

from games.models import Game, LogEntry


class ActionError(ValueError):
    """A request the rules do not allow; the message is shown to the user."""


def log(game: Game, actor: Any, action: str, detail: str = "") -> LogEntry:
    """Add a line to the game log: who did what (actor None: the server)."""
    return LogEntry.objects.create(game=game, actor=actor, action=action, detail=detail)


def require_game_master(game: Game, user: Any) -> None:
    if game.game_master_id != getattr(user, "pk", None):
        raise ActionError("Only the game master can do that.")


def require_seat(game: Game, user: Any, power: str) -> None:
    """The user plays ``power`` in this game (a replaced player no longer does)."""
    if not power or not game.active_seats().filter(user=user, power=power).exists():
        raise ActionError(f"You do not play {power.title() or 'a power'} in this game.")


def require_status(game: Game, *statuses: str) -> None:
    if game.status not in statuses:
        raise ActionError(f"Not possible while the game is {game.get_status_display().lower()}.")
