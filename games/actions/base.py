"""What every action shares: the error a user can act on, the game log, and
the order in which actions lock what they change."""

from __future__ import annotations

from typing import Any

from games.models import Game, LogEntry, Phase


class ActionError(ValueError):
    """A request the rules do not allow; the message is shown to the user."""


def lock_game(game: Game | int) -> Game:
    """The game, read afresh and locked until this transaction ends.

    Every action that changes a game or its phases takes this lock first,
    before any phase row: with one order for all, two actions (a rollback and
    an adjudication, a pause and a grace extension) wait for each other
    instead of deadlocking, and the second sees what the first committed.
    FOR NO KEY UPDATE, so rows that only refer to the game (log lines, mail,
    records) can still be written by others meanwhile.
    """
    pk = game if isinstance(game, int) else game.pk
    return Game.objects.select_for_update(no_key=True).get(pk=pk)


def lock_phase(phase: Phase | int) -> Phase:
    """The phase, read afresh and locked, after its game (see lock_game)."""
    pk = phase if isinstance(phase, int) else phase.pk
    game_id = Phase.objects.values_list("game_id", flat=True).get(pk=pk)
    game = lock_game(game_id)
    locked = Phase.objects.select_for_update().get(pk=pk)
    locked.game = game
    return locked


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
