"""Running a grid battle: start, activations, processing, and the game master's controls.

A side-turn is processed in one transaction that locks the battle, then the
turn, finds the turn still open, and writes the new position, the rolls,
every side's record and the next turn: a second processor (the sweep, a
repeated request) waits and then finds it done. Nothing is written until all
of it is, so a process that dies halfway leaves the turn open, with any
activation sent, and the next sweep processes it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from adjudication.battle.actions import Refused
from adjudication.battle.movement import check_route
from adjudication.battle.notation import LineError, parse_activation, parse_line
from battles import shares, turns
from battles.actions.base import (
    battle_log,
    require_battle_master,
    require_battle_status,
    require_side,
)
from battles.actions.override import override_made_roll
from battles.actions.setup import check_square
from battles.emails import notify
from battles.models import Battle, BattleTurn
from battles.state import board_of, position_of, token_from_row
from common.errors import ActionError
from common.isolated import isolated
from common.prepared import prepared

Status = Battle.Status


class ActivationErrors(ActionError):
    """An activation with lines that cannot be read; each error names its line."""

    def __init__(self, errors: tuple[LineError, ...]) -> None:
        super().__init__("; ".join(str(e) for e in errors))
        self.errors = errors


@transaction.atomic
def start_battle(battle: Battle, game_master: Any) -> BattleTurn:
    """The roll-off decides the order; the first side's turn opens."""
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.FORMING)
    rows = list(battle.tokens.all())
    empty = [s for s in battle.side_names() if not any(t.side == s for t in rows)]
    if empty:
        raise ActionError(f"Every side needs a token first: {', '.join(empty)} has none.")
    battle.position = [token_from_row(row) for row in rows]
    decided, rolls = turns.decide_order(battle)
    battle.dice_position += decided.dice_used
    battle.order = list(decided.order)
    battle.status = Status.ACTIVE
    battle.save()
    turns.store_rolls(battle, 0, rolls)
    turns.store_records(battle, 0, board_of(battle), None)
    battle_log(battle, game_master, "start battle", "order: " + ", ".join(battle.order))
    turn = _open(battle, 1, battle.order[0])
    notify.battle_started(battle, turn)
    return turn


def _open(battle: Battle, number: int, side: str) -> BattleTurn:
    deadline = timezone.now() + battle.turn_length
    return BattleTurn.objects.create(battle=battle, number=number, side=side, deadline=deadline)


def open_turn_of(battle: Battle) -> BattleTurn:
    turn = battle.open_turn()
    if turn is None:
        raise ActionError("No side's turn is open.")
    return turn


def check_activation(battle: Battle, side: str, text: str, mine: list[str] | None = None) -> None:
    """Every line must read, with these tokens (by default all the side's);
    ActivationErrors names each line that does not."""
    if mine is None:
        mine = [t["id"] for t in battle.position if t["side"] == side]
    parsed = parse_activation(text, mine)
    if parsed.errors:
        raise ActivationErrors(parsed.errors)
    if refused := _route_errors(battle, text, mine):
        raise ActivationErrors(refused)


def _route_errors(battle: Battle, text: str, mine: list[str]) -> tuple[LineError, ...]:
    """Each move or charge whose path the rules would refuse whatever stands on
    it (off the grid, not a step, over the token's SPD): refused before the
    turn is played, with its line kept, rather than played as idle. Only the
    side's own token and the public grid are read (movement.check_route)."""
    board = board_of(battle)
    errors = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        action = parse_line(words, mine)
        token = board.token(action.token) if action is not None else None
        if action is None or token is None or not action.path:
            continue
        try:
            check_route(board, token, action.path)
        except Refused as refusal:
            errors.append(LineError(number, words[0], f"{action.token}: {refusal}"))
    return tuple(errors)


def submit_activation(battle: Battle, player: Any, text: str, *, via: str = "web") -> BattleTurn:
    """The player's part of the side's activation (a whole side's, if they play it alone);
    the turn is processed as soon as every awaited part is in (battles/shares.py)."""
    with transaction.atomic():
        battle = Battle.objects.select_for_update().get(pk=battle.pk)
        require_battle_status(battle, Status.ACTIVE)
        turn = open_turn_of(battle)
        require_side(battle, player, turn.side)
        mine = shares.tokens_of(battle, turn.side, player)
        if not mine:
            raise ActionError(f"You have no standing token of {turn.side} to activate.")
        check_activation(battle, turn.side, text, mine)
        parts = shares.with_part(turn.parts, player, text)
        done = shares.complete(battle, turn.side, parts)
        BattleTurn.objects.filter(pk=turn.pk).update(
            parts=parts, text=shares.combined(parts), submitted_by=player,
            submitted=timezone.now() if done else None,
        )  # fmt: skip
        part = f"turn {turn.number} ({turn.side}) by {via}"
        battle_log(battle, player, "send activation", part + ("" if done else ", part of it"))
    if done:
        process_or_leave_to_the_sweep(turn.pk)
    turn.refresh_from_db()
    return turn


def process_turn(turn_id: int) -> bool:
    """Process one open turn; False when it was not open (already processed,
    or its battle paused or ended)."""
    with transaction.atomic():
        # The battle before its turn, as every battle action locks them.
        battle_id = BattleTurn.objects.values_list("battle_id", flat=True).get(pk=turn_id)
        battle = Battle.objects.select_for_update().get(pk=battle_id)
        turn = BattleTurn.objects.select_for_update().get(pk=turn_id)
        if turn.status != BattleTurn.Status.OPEN or battle.status != Status.ACTIVE:
            return False
        outcome = turns.play_turn(battle, turn.side, turn.text)
        board = outcome.done.battle
        battle.position = position_of(board)
        turn.results = [turns.result_line(r) for r in outcome.done.results]
        turn.status = BattleTurn.Status.DONE
        turn.save(update_fields=["results", "status"])
        turns.store_rolls(battle, turn.number, outcome.rolls)
        turns.store_records(battle, turn.number, outcome.before, outcome.done)
        following = _next(battle, turn, board.winner())
        battle.save()
        notify.turn_processed(battle, turn, following)
        battle_log(battle, None, "process turn", f"turn {turn.number} ({turn.side})")
    return True


def _next(battle: Battle, turn: BattleTurn, winner: str | None) -> BattleTurn | None:
    from adjudication.battle.turns import next_side

    side = next_side(battle.order, board_of(battle), turn.side)
    if side is None:
        battle.status = Status.FINISHED
        battle.winner = winner or ""
        battle.finished = timezone.now()
        return None
    return _open(battle, turn.number + 1, side)


def claim_due_turns(now: datetime | None = None) -> list[int]:
    """The deadline sweep: every open turn past its deadline is processed
    (unsent: all hold), and every open turn whose activation is in (the
    request that should have processed it died or failed)."""
    now = now or timezone.now()
    return [turn.pk for turn in due_turns(now=now) if process_or_leave_to_the_sweep(turn.pk)]


@prepared
def due_turns(now: datetime) -> QuerySet[BattleTurn]:
    """Compiled once (common.prepared): the beat asks it every few seconds."""
    due = BattleTurn.objects.filter(
        Q(deadline__lte=now) | Q(submitted__isnull=False),
        status=BattleTurn.Status.OPEN,
        battle__status=Status.ACTIVE,
    )
    return due.only("pk")


def process_or_leave_to_the_sweep(turn_id: int) -> bool:
    """process_turn, except that a turn whose processing fails is logged and
    left open for the next sweep (common.isolated): one broken battle never
    stops the others, and a player whose activation is in sees no server error."""
    failed = f"processing battle turn {turn_id} failed; the next sweep tries again"
    return isolated(process_turn, turn_id, fallback=False, failed=failed)


def mark_reminded(turn_id: int, deadline: datetime) -> bool:
    """The server has reminded every player of the side of this deadline (not of a moved one)."""
    same = BattleTurn.objects.filter(pk=turn_id, deadline=deadline, reminded=False)
    return same.update(reminded=True) == 1


@transaction.atomic
def process_turn_now(battle: Battle, game_master: Any) -> BattleTurn:
    """The game master processes the open turn with what was sent (nothing: every token holds)."""
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.ACTIVE)
    turn = open_turn_of(battle)
    battle_log(battle, game_master, "process now", f"turn {turn.number} ({turn.side})")
    process_or_leave_to_the_sweep(turn.pk)
    turn.refresh_from_db()
    if turn.status != BattleTurn.Status.DONE:
        raise ActionError(
            f"Turn {turn.number} could not be processed and is still open;"
            " the server's log says why. Try again later."
        )
    return turn


@transaction.atomic
def extend_turn(battle: Battle, game_master: Any, by: timedelta) -> BattleTurn:
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.ACTIVE, Status.PAUSED)
    if by <= timedelta(0):
        raise ActionError("Extend by a positive time, e.g. 12h.")
    turn = open_turn_of(battle)
    turn.deadline += by
    turn.reminded = False
    turn.save(update_fields=["deadline", "reminded"])
    battle_log(battle, game_master, "extend deadline", f"turn {turn.number} by {by}")
    return turn


@transaction.atomic
def pause_battle(battle: Battle, game_master: Any) -> None:
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.ACTIVE)
    Battle.objects.filter(pk=battle.pk).update(status=Status.PAUSED)
    battle_log(battle, game_master, "pause battle")


@transaction.atomic
def resume_battle(battle: Battle, game_master: Any) -> None:
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.PAUSED)
    Battle.objects.filter(pk=battle.pk).update(status=Status.ACTIVE)
    turn = battle.open_turn()
    if turn is not None and turn.deadline < timezone.now():
        BattleTurn.objects.filter(pk=turn.pk).update(deadline=timezone.now() + battle.turn_length)
    battle_log(battle, game_master, "resume battle")


@transaction.atomic
def override_roll(battle: Battle, game_master: Any, number: int, face: int) -> BattleTurn | None:
    """The game master sets a roll, not yet made or made in the latest side-turn (which
    is then re-played: battles.actions.override); the log and the roll's line say so."""
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.ACTIVE, Status.PAUSED)
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    if not 1 <= face <= 6:
        raise ActionError("A die shows 1 to 6.")
    if number < battle.dice_position:
        return override_made_roll(battle, game_master, number, face)
    battle.overrides = {**battle.overrides, str(number): face}
    battle.save(update_fields=["overrides"])
    battle_log(battle, game_master, "override roll", f"roll {number} set to {face}")
    return None


@transaction.atomic
def edit_token(battle: Battle, game_master: Any, name: str, at: str, hp: int) -> None:
    """The game master moves a token or sets its HP mid-battle; logged, records redrawn."""
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.PAUSED)
    battle.refresh_from_db()
    wanted = name.casefold()
    token = next(
        (t for t in battle.position if t["id"].casefold() == wanted and not t["fallen"]), None
    )
    if token is None:
        raise ActionError(f"There is no standing token {name}.")
    name = token["id"]  # as the battle spells it
    square = check_square(battle, at, ignore=name)
    if not 1 <= hp <= token["max_hp"]:
        raise ActionError(f"{name}'s HP must be 1 to {token['max_hp']}.")
    before = (token["at"], token["hp"])
    token.update(at=square, hp=hp)
    done = battle.turns.filter(status=BattleTurn.Status.DONE).count()
    edit = {"after_turn": done, "token": name, "at": square, "hp": hp}
    battle.edits = [*battle.edits, edit]  # replayed after turn `done` (battles.replay)
    battle.save(update_fields=["position", "edits"])
    turns.store_records(battle, done, board_of(battle), None)
    battle_log(battle, game_master, "edit board", f"{name}: {before} -> ({square}, {hp})")
