"""The judge commands a veteran expects, each answered from the writer's own
view (games.access): LIST (my games), HISTORY [phase] and GET RECORD [phase]
(my past results again), SUMMARY (where things stand, as my power knows it),
SET (my email preferences), WHOGAME (who plays which power, where the game
shows it). Each returns the answer's text."""

from __future__ import annotations

import re
from datetime import UTC, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from adjudication.record import parse_record
from adjudication.vocabulary import phase_label
from common.links import site_link
from games import access
from games.actions import ActionError
from games.emails.catch_up import record_sections
from games.emails.position import position_lines
from games.models import Game, Phase, Preset, PressMode, Seat
from postoffice.actions import set_email_preference
from postoffice.inbound.commands import Command
from postoffice.recipients import recipient_preferences

SEASONS = {"SPRING": "S", "FALL": "F", "AUTUMN": "F", "WINTER": "W"}
KINDS = {"MOVEMENT": "M", "MOVES": "M", "RETREATS": "R", "RETREAT": "R", "ADJUSTMENTS": "A"}
KINDS |= {"BUILDS": "A", "ADJUSTMENT": "A"}
PHASE_CODE = re.compile(r"^[SFW]\d{4}[MRA]$")


def list_games(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """Each game I play or run (``LIST <game>``: that one): my power, its
    phase, the deadline, my state."""
    zone = zone_of(viewer.user)
    games = [g for g in access.games_of(viewer.user) if names(command.body, g)]
    if not games:
        raise ActionError(f'could not read "{command.body}": not one of your games')
    lines = [game_line(viewer.user, game, zone) for game in games]
    return "Your games:\n" + "\n".join(f"  {line}" for line in lines)


def names(text: str, game: Game) -> bool:
    """Whether ``text`` names the game (its name or number, ``#12``); "" names any."""
    wanted = text.strip().lstrip("#").strip().lower()
    return not wanted or wanted in (game.name.lower(), str(game.pk))


def this_game_only(viewer: access.Viewer, command: Command) -> None:
    """SUMMARY <game>, HISTORY <game>: this email's game, or a refusal saying where to ask."""
    if command.body and not names(command.body, viewer.game):
        raise ActionError(
            f'could not use "{command.body}": this email is about {viewer.game.name}; '
            "ask about another game at its own address, or with a GAME line"
        )


def game_line(user: Any, game: Game, zone: str = "UTC") -> str:
    mine = access.access_loaded_game(user, game)
    open_phase = access.access_open_phase(mine)
    who = mine.power.title() if mine.power else "game master"
    if open_phase is None:
        return f"{game.name} (#{game.pk}): {who}; {game.get_status_display().lower()}"
    due = deadline_text(open_phase, zone)
    state = "paused" if game.status == Game.Status.PAUSED else f"due {due}"
    doing = my_state(mine, open_phase)
    return f"{game.name} (#{game.pk}): {who}; {open_phase.label}, {state}; {doing}"


def deadline_text(phase: Phase, zone_name: str = "UTC") -> str:
    """The deadline in the person's own time zone (Settings), as every email shows it."""
    try:
        zone: tzinfo = ZoneInfo(zone_name)
    except (ZoneInfoNotFoundError, ValueError):
        zone, zone_name = UTC, "UTC"
    return f"{phase.deadline.astimezone(zone):%a %d %b %H:%M} {zone_name}"


def zone_of(user: Any) -> str:
    """The zone every email to the user is written in (games.emails.content)."""
    return recipient_preferences(user)[0]


def my_state(viewer: access.Viewer, phase: Phase) -> str:
    if not viewer.power:
        return "you run it"
    sheet = access.access_own_orders(viewer, phase)
    ordered = "ordered" if sheet and sheet.parsed else "no orders"
    return f"{ordered}, ready" if sheet and sheet.ready else ordered


def history(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """My results again, as the results email wrote them: one phase, or all
    (each as its phase told it, as the history page shows it)."""
    wanted = phase_code(command.body) if command.body else ""
    if command.body and not wanted and not names(command.body, viewer.game):
        raise ActionError(
            f'could not read "{command.body}": name a phase like S1901M or Spring 1901 movement'
        )
    records = [row.data for row in access.access_history(viewer)]
    sections = [
        s for s in record_sections(records) if not wanted or s["label"] == phase_label(wanted)
    ]
    if not sections:
        return f"No results of {phase_label(wanted)} for you." if wanted else "No results yet."
    return "\n".join(section_text(section) for section in sections)


def section_text(section: dict[str, Any]) -> str:
    lines = list(section["lines"]) or ["(no news you could see this phase)"]
    messages = [f"* {message}" for message in section["messages"]]
    return "\n".join([f"== {section['label']} ==", *lines, *messages])


def phase_code(text: str) -> str:
    """``S1901M``, ``Spring 1901 movement``, ``fall 1902 retreats``: the phase's code, or ""."""
    words = text.upper().replace(",", " ").split()
    if len(words) == 1 and PHASE_CODE.match(words[0]):
        return words[0]
    if len(words) == 3 and words[0] in SEASONS and words[1].isdigit() and words[2] in KINDS:
        return f"{SEASONS[words[0]]}{words[1]}{KINDS[words[2]]}"
    return ""


def summary(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    this_game_only(viewer, command)
    record = access.access_current_record(viewer)
    if record is None or not viewer.power:
        return "Nothing to sum up yet."
    knowledge = parse_record(record)
    after = phase_label(knowledge.phase)
    head = f"{viewer.game.name}, as {viewer.power.title()} knows it after {after}:"
    return "\n".join([head, *position_lines(knowledge, viewer.power)])


def set_preference(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    name, on = command.body.split()
    set_email_preference(viewer.user, name, on == "ON")
    return PREFERENCE_SAID[name][on == "ON"]


PREFERENCE_SAID = {
    "REMINDERS": ("Reminders are off.", "Reminders are on."),
    "PRESS": ("Press is no longer emailed to you.", "Each press message is emailed to you."),
    "TEXT": ("Your email has HTML and the map inline.", "Your email is plain text only."),
}


def rules(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """GET RULES: the game's rule set, its press rule and where the rules are written."""
    game = viewer.game
    return (
        f"{game.name}: {Preset(game.preset).label}; {PressMode(game.press_mode).label}. "
        f"The rules: {site_link('rules_preset', game.preset)}"
    )


ANONYMOUS_GAME = (
    'could not use "WHOGAME": this game is anonymous, so who plays which power is not shown'
)


def who_plays(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    """WHOGAME: each power and its player, as the start email named them; never
    in an anonymous game (but to its game master), and nothing of how a power
    fares: an eliminated power or one in disorder is listed like any other,
    since fog may hide that."""
    if viewer.game.anonymous and not viewer.is_game_master:
        raise ActionError(ANONYMOUS_GAME)
    this_game_only(viewer, command)
    seats = [seat for seat in access.access_seats(viewer) if holds_power(seat)]
    lines = [f"  {seat.power.title()}: {seat.user.get_username()}" for seat in seats]
    return "\n".join([f"Who plays which power in {viewer.game.name}:", *lines])


def holds_power(seat: Seat) -> bool:
    return bool(seat.power) and seat.status != Seat.Status.REPLACED
