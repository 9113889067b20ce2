"""Carry out what an email asks, through games.actions, and say how each line went.

Nothing here writes a row itself: orders go through order entry and
``submit_orders``, READY through ``set_ready``, press through ``send_press``,
the game master's commands through the console's own actions. Every answer
line is made from what the writer typed and from their own power's view
(games.access), so an answer tells nothing the power could not see.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.utils import timezone

from games import access, actions
from games.actions.absences import absence_effect, declare_absence
from games.actions.ahead import not_ahead, phases_ahead
from games.actions.votes import vote_recorded
from games.models import Phase
from games.replies import judge
from games.replies.addresses import Addressee
from games.replies.ahead import keep_ahead, phase_ahead_named
from games.replies.answered import stale_reply
from games.replies.diary import diary
from games.replies.orders import SheetOutcome, run_orders, sheet_commands
from postoffice.inbound.commands import END_BATTLE, Command, Reading
from postoffice.inbound.said import Outcome, Said
from postoffice.inbound.tolerance import IGNORED

NOT_READY = (
    "not marked ready: some order lines above could not be used; "
    "send them again, corrected, with READY"
)
CLEARED = "Your standing orders were emptied; this email's orders are your whole sheet."
STALE_LINE = "not used: this email answers an older phase's email (see below)"
GAME_MASTER_WORDS = {"PROCESS", "EXTEND", "PAUSE", "RESUME", "SET DEADLINE"}
DEADLINE_FORMAT = "%Y-%m-%d %H:%M"
# END BATTLE is a grid battle's (battles/replies.py); a game ends by vote or on the console.
NOT_A_BATTLE = 'could not use "END BATTLE": it ends a grid battle, and this is a game'
PLAYER_WORDS = {
    "ORDER",
    "CLEAR",
    "PHASE",
    "ORDERS",
    "RETREATS",
    "ADJUST",
    "READY",
    "NOT READY",
    "MAP",
    "DRAW",
    "CONCEDE",
    "VOTE YES",
    "VOTE NO",
    "LEAVE GAME",
    "ABSENT",
}


def run_commands(addressee: Addressee, reading: Reading, answered: Phase | None = None) -> Outcome:
    """Orders are one sheet, carried out first (so ``orders, then READY`` works,
    and READY stands only when its sheet held); the answer still follows the
    message line by line. ``answered``: the phase the email replied to asked
    orders for; orders in a reply to an older phase's email are not used
    unless a PHASE line names the phase open now."""
    viewer = access.access_game(addressee.user, addressee.game.pk)
    phase = access.access_open_phase(viewer)
    outcome = Outcome()
    orders = sheet_commands(reading.commands)
    clearing = any(command.word == "CLEAR" and not command.error for command in reading.commands)
    sheet = SheetOutcome([], held=True)
    if (orders or clearing) and not addressee.is_game_master:
        ahead = phase_ahead_named(reading, phase)
        stale = "" if names_open_phase(reading, phase) or ahead else stale_reply(answered, phase)
        if ahead and phase:
            sheet = keep_ahead(viewer, phase, orders, ahead)
        else:
            sheet = (
                not_used(orders, stale) if stale else run_orders(viewer, phase, orders, clearing)
            )
        if sheet.saved:
            outcome.words.add("ORDERS" if sheet.held else "SOME ORDERS")
    order_said = list(sheet.said)
    runner = run_game_master_command if addressee.is_game_master else run_player_command
    for command in reading.commands:
        if command.error:
            outcome.failed(command, command.error)
        elif command.word == IGNORED:
            outcome.said.append(Said(command.text, f"(ignored: {command.body})"))
        elif command.word == END_BATTLE:
            outcome.failed(command, NOT_A_BATTLE)
        elif command in orders and order_said:
            outcome.said.append(order_said.pop(0))
            if not order_said and sheet.verdict is not None:
                outcome.said.append(sheet.verdict)  # the sheet's verdict, after its last line
        elif command.word == "READY" and sheet.verdict is not None:
            outcome.failed(command, NOT_READY)
        elif command.word == "CLEAR" and not addressee.is_game_master:
            said_clear(command, sheet, outcome)
        else:
            runner(viewer, phase, command, outcome)
    return outcome


def names_open_phase(reading: Reading, phase: Phase | None) -> bool:
    return phase is not None and any(
        command.word == "PHASE" and judge.phase_code(command.body) == phase.name
        for command in reading.commands
    )


def not_used(orders: list[Command], reason: str) -> SheetOutcome:
    said = [Said(command.text, error=STALE_LINE) for command in orders]
    return SheetOutcome(said, Said("", error=reason))


def said_clear(command: Command, sheet: SheetOutcome, outcome: Outcome) -> None:
    if sheet.cleared:
        outcome.done(command, CLEARED)
        return
    reason = sheet.verdict.error if sheet.verdict else "the orders could not be changed now"
    outcome.failed(command, f"not cleared: {reason}")


def run_player_command(
    viewer: access.Viewer, phase: Phase | None, command: Command, outcome: Outcome
) -> None:
    if command.word in GAME_MASTER_WORDS:
        outcome.failed(command, f'could not use "{command.word}": only the game master can')
        return
    handler = PLAYER_COMMANDS.get(command.word)
    if command.word == "MAP" and command.body:
        outcome.map_phase = judge.phase_code(command.body)
    if handler is not None:
        attempt(outcome, command, lambda: handler(viewer, phase, command))


def run_game_master_command(
    viewer: access.Viewer, phase: Phase | None, command: Command, outcome: Outcome
) -> None:
    if command.word in PLAYER_WORDS:
        word = "orders" if command.word == "ORDER" else command.word
        outcome.failed(command, f'could not use "{word}": the game master gives no orders')
        return
    handler = GAME_MASTER_COMMANDS.get(command.word)
    if handler is None:
        outcome.failed(command, f'could not use "{command.word}": it is a player\'s command')
        return
    attempt(outcome, command, lambda: handler(viewer, phase, command))


def attempt(outcome: Outcome, command: Command, act: Callable[[], str]) -> None:
    try:
        outcome.done(command, act())
    except actions.ActionError as error:
        outcome.failed(command, str(error))


def open_phase(phase: Phase | None) -> Phase:
    if phase is None:
        raise actions.ActionError("There is no phase now.")
    return phase


def ready(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    wanted = command.word == "READY"
    actions.set_ready(open_phase(phase), viewer.user, viewer.power, wanted)
    return "Ready: the phase may end early when every power is." if wanted else "Not ready."


def press(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    signed = command.signed or viewer.power
    actions.send_press(
        viewer.game, viewer.user, viewer.power, list(command.powers), command.body, signed
    )
    to = ", ".join(power.title() for power in command.powers)
    return f"Press sent to {to}, signed {signed.title()}."


def draw(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    proposal = actions.propose_draw(viewer.game, viewer.user, viewer.power)
    return f"You proposed {proposal.describe()} and voted yes."


def concede(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    to = command.powers[0]
    proposal = actions.propose_concession(viewer.game, viewer.user, viewer.power, to)
    return f"You proposed {proposal.describe()} and voted yes."


def cast_vote(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    yes = command.word == "VOTE YES"
    actions.vote(viewer.game, viewer.user, viewer.power, yes)
    return vote_recorded(viewer.game, yes)


def leave(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    actions.leave_game(viewer.game, viewer.user)
    return f"You have left the game: {viewer.power.title()} is open to a new player."


def absent(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    assert command.days is not None
    first, last = command.days
    today = timezone.now().astimezone(viewer.game.clock().tz).date()
    declare_absence(viewer.game, viewer.user, viewer.power, first, last, today)
    return f"Your absence from {first} to {last} is noted; {absence_effect(viewer.game)}."


def noted(text: str) -> Callable[[access.Viewer, Phase | None, Command], str]:
    return lambda viewer, phase, command: text


def phase_named(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """PHASE <phase>: the orders after it are for the phase open now, or kept
    for this year's next retreat or adjustment phase (games/replies/ahead.py)."""
    wanted = judge.phase_code(command.body)
    if not wanted:
        raise actions.ActionError(
            f'could not read "{command.body}": name a phase like F1901M or Fall 1901 movement'
        )
    now = open_phase(phase)
    if wanted in phases_ahead(now.name):
        return f"The orders in this email are kept for {judge.phase_label(wanted)}."
    if wanted != now.name:
        raise actions.ActionError(
            f"{judge.phase_label(wanted)} is not the phase open now: {not_ahead(now)}"
        )
    return f"The orders in this email are for {now.label}."


def map_asked(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """GET MAP [phase]: the latest map, or the map of the power's record of that phase."""
    if not command.body:
        return "Your latest map is attached."
    wanted = judge.phase_code(command.body)
    if not wanted:
        raise actions.ActionError(
            f'could not read "{command.body}": name a phase like S1901M or Spring 1901 movement'
        )
    if access.access_record_of_phase(viewer, wanted) is None:
        raise actions.ActionError(f"No map of {judge.phase_label(wanted)} for you.")
    return f"Your map of {judge.phase_label(wanted)} is attached."


def process(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    actions.process_now(open_phase(phase), viewer.user)
    return f"{open_phase(phase).label} is being adjudicated."


def extend(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    assert command.extend_by is not None
    moved = actions.extend_deadline(viewer.game, viewer.user, command.extend_by)
    return f"Deadline of {moved.label} extended by {in_words(command.extend_by)}."


def in_words(duration: timedelta) -> str:
    """``2 days``, ``1 day 12 hours``, ``1 hour 30 minutes``: as a person writes it."""
    minutes = int(duration.total_seconds() // 60)
    parts = [(minutes // 10080, "week"), (minutes // 1440 % 7, "day")]
    parts += [(minutes // 60 % 24, "hour"), (minutes % 60, "minute")]
    said = [f"{amount} {unit}{'' if amount == 1 else 's'}" for amount, unit in parts if amount]
    return " ".join(said) or "0 minutes"


def game_master_press(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """BROADCAST or PRESS TO by the game master: signed "Game master", as on the console."""
    if command.signed:
        raise actions.ActionError("could not use the signature: the game master's press is signed")
    actions.send_game_master_press(viewer.game, viewer.user, list(command.powers), command.body)
    return f"Press sent to {', '.join(power.title() for power in command.powers)}."


def set_deadline(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """SET DEADLINE 2026-12-05 18:00, in the game master's own time zone."""
    zone = ZoneInfo(judge.zone_of(viewer.user))
    try:
        when = datetime.strptime(command.body, DEADLINE_FORMAT).replace(tzinfo=zone)
    except ValueError:
        raise actions.ActionError(
            f'could not read "{command.body}": write SET DEADLINE, the day and the time '
            f"in your time zone ({zone.key}), like 2026-12-05 18:00"
        ) from None
    moved = actions.set_deadline(viewer.game, viewer.user, when)
    return f"The deadline of {moved.label} is now {judge.deadline_text(moved, zone.key)}."


def pause(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    actions.pause_game(viewer.game, viewer.user)
    return "The game is paused."


def resume(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    actions.resume_game(viewer.game, viewer.user)
    return "The game is running again."


Handler = Callable[[access.Viewer, Phase | None, Command], str]
PLAYER_COMMANDS: dict[str, Handler] = {
    "ORDERS": noted("Orders follow."),
    "READY": ready,
    "NOT READY": ready,
    "PRESS": press,
    "DRAW": draw,
    "CONCEDE": concede,
    "VOTE YES": cast_vote,
    "VOTE NO": cast_vote,
    "LEAVE GAME": leave,
    "ABSENT": absent,
    "PHASE": phase_named,
    "STATUS": noted("Your orders and the deadline are below."),
    "MAP": map_asked,
    "HELP": noted("The commands are listed below."),
    "LIST": judge.list_games,
    "HISTORY": judge.history,
    "SUMMARY": judge.summary,
    "SET": judge.set_preference,
    "RULES": judge.rules,
    "WHOGAME": judge.who_plays,
    "DIARY": diary,
}
GAME_MASTER_COMMANDS: dict[str, Handler] = {
    "PRESS": game_master_press,
    "SET DEADLINE": set_deadline,
    "PROCESS": process,
    "EXTEND": extend,
    "PAUSE": pause,
    "RESUME": resume,
    "STATUS": noted("Who has ordered is below."),
    "HELP": noted("The commands are listed below."),
    "LIST": judge.list_games,
    "SET": judge.set_preference,
    "RULES": judge.rules,
    "WHOGAME": judge.who_plays,
}


def standing(viewer: access.Viewer, phase: Phase | None) -> dict[str, Any]:
    """The player's sheet as it stands now, read through access like the game page."""
    sheet = access.access_own_orders(viewer, phase) if phase else None
    return {"sheet": list(sheet.parsed) if sheet else [], "ready": bool(sheet and sheet.ready)}


def who_has_ordered(viewer: access.Viewer, phase: Phase | None) -> list[dict[str, Any]]:
    """The game master's STATUS: each power, ordered or not, ready or not."""
    readiness = access.access_readiness(viewer, phase) if phase else None
    return [{"power": power.title(), **state} for power, state in (readiness or {}).items()]
