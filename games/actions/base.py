"""What every action shares: the error a user can act on, the game log, and
the order in which actions lock what they change."""

from __future__ import annotations

from typing import Any

from common.errors import ActionError
from games.models import Game, LogEntry, Phase
from standing.gate import refusal

__all__ = [
    "ActionError",
    "lock_game",
    "lock_phase",
    "log",
    "require_game_master",
    "require_seat",
    "require_standing",
    "require_status",
]


def lock_game(game: Game | int) -> Game:
    """The game, read afresh and locked until this transaction ends.

    Every action that changes a game or its phases takes this lock first,
    before any phase row: with one order for all, two actions (a rollback and
    an adjudication, a pause and a grace extension) wait for each other
    instead of deadlocking, and the second sees what the first committed.
    FOR NO KEY UPDATE, so rows that only refer to the game (log lines, mail,
    records) can still be written by others meanwhile. A Game passed in is
    read afresh in place: the action and its caller share one object, as
    they did before actions locked.
    """
    locking = Game.objects.select_for_update(no_key=True)
    if isinstance(game, int):
        return locking.get(pk=game)
    game.refresh_from_db(from_queryset=locking)
    return game


def lock_phase(phase: Phase | int) -> Phase:
    """The phase, read afresh and locked, after its game (see lock_game); a
    Phase passed in is refreshed in place, its game with it."""
    if isinstance(phase, int):
        phase = Phase(
            pk=phase, game_id=Phase.objects.values_list("game_id", flat=True).get(pk=phase)
        )
    game = lock_game(phase.game if Phase.game.is_cached(phase) else phase.game_id)
    phase.refresh_from_db(from_queryset=Phase.objects.select_for_update())
    phase.game = game
    return phase


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


def require_standing(game: Game, user: Any) -> None:
    """The game master's minimum reliability or rating, for a newcomer who
    joins from the lobby or takes an open seat there (docs/standing.md)."""
    refused = refusal(user.pk, game.min_reliability, game.min_rating)
    if refused:
        raise ActionError(refused)
