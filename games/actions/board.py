"""The game master edits the board of the open phase: move, add or remove a
unit, change a centre's owner (docs/lifecycle.md, "Game-master tools").

The open phase's position is changed in place (it is the board still to be
played); the records are not: each power whose view the edit changes gets a
new revision of its latest record, worked out by the fog rules from the
edited board (games.gateway.edit_board), and an email with its own map. A
power that sees nothing of the edit gets nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import gateway
from games.actions.base import ActionError, lock_game, log, require_game_master, require_status
from games.emails import notify
from games.models import Game, KnowledgeRecord, LogEntry, Phase
from games.records import current_revisions, store_edited_records


@transaction.atomic
def edit_board(game: Game, game_master: Any, edit: gateway.BoardEdit) -> LogEntry:
    """Make one edit; the log entry says what changed."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.ACTIVE, Game.Status.PAUSED)
    phase = Phase.objects.select_for_update().filter(game=game).order_by("-ordinal").first()
    if phase is None or phase.status != Phase.Status.OPEN:
        raise ActionError("The board can be edited only while a phase is open for orders.")
    try:
        edited = gateway.edit_board(game.preset, phase.position, edit, records_now(phase))
    except gateway.EditError as error:
        raise ActionError(str(error)) from error
    Phase.objects.filter(pk=phase.pk).update(position=edited.position)
    store_edited_records(game, edited.records)
    entry = log(game, game_master, "edit board", f"{phase.name}: {edited.description}")
    told = sorted(power for power in edited.records if power in game.powers)
    notify.board_edited(game, phase, entry.pk, told)
    return entry


def records_now(phase: Phase) -> dict[str, dict[str, Any]]:
    """Every current record (each power's, the observer's, the game master's)
    the open phase starts from."""
    rows = KnowledgeRecord.objects.filter(game=phase.game, ordinal=phase.ordinal - 1)
    return {row.power: row.data for row in current_revisions(rows)}
