"""Turn a battle's outbox row into a Draft: what this side (or the game master) may read.

Every record, turn and picture comes through battles.access, read as the
recipient: a side's email is made from that side's own record alone, so
nothing in it (words, picture, attachments) depends on what the side cannot
see; the game master's copy is made from the game master's record, which
shows everything.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse
from django.utils import timezone

from adjudication.battle import dice
from battles import access
from battles.access import BattleViewer
from battles.addresses import battle_reply_address
from battles.emails.text import record_lines
from battles.models import Battle, BattleTurn
from battles.pictures import picture_png
from common.links import absolute_url
from postoffice.calendar_sequence import next_sequence
from postoffice.compose import Attachment, Draft, reply_headers
from postoffice.ics import deadline_event
from postoffice.models import OutboxMessage

Kind = OutboxMessage.Kind
# A side deciding its activation by email sees the picture it would see on the web.
DEADLINE_KINDS = {Kind.BATTLE_TURN, Kind.BATTLE_REMINDER}
WITH_PICTURE = {Kind.BATTLE_START, Kind.BATTLE_RESULTS, Kind.BATTLE_END, *DEADLINE_KINDS}
LATEST = 10**9  # "the newest record": an answer to STATUS shows where the side stands now


def viewer_of(message: OutboxMessage) -> BattleViewer:
    """The recipient's view of the battle, as the side the row was written for."""
    assert message.battle_id is not None
    viewer = access.access_battle(message.user, message.battle_id, message.side or None)
    if viewer.side != message.side:
        raise Http404("The recipient no longer plays that side.")
    return viewer


def battle_context(message: OutboxMessage, viewer: BattleViewer) -> dict[str, Any]:
    battle = viewer.battle
    page = "battle_console" if viewer.is_game_master else "battle"
    return {
        "battle_name": battle.name,
        "side_name": message.side or "the game master",
        "game_master": viewer.is_game_master,
        "battle_url": absolute_url(reverse(page, args=[battle.pk])),
        "commitment": battle.commitment,
        "how_to_check": battle.how_to_check,
        "rules_url": absolute_url(reverse("rules_battle")),
        "order": list(battle.order),  # the roll-off's outcome, public
        "fog": bool(battle.sight),
        "turn": message.context.get("turn", 0),
    }


def turn_of(viewer: BattleViewer, number: int) -> BattleTurn | None:
    return access.access_own_turns(viewer).filter(number=number).first()


def record_context(viewer: BattleViewer, turn: int) -> tuple[dict[str, Any], bytes | None]:
    """The record after ``turn`` as text, and its picture."""
    record = access.access_record_at(viewer, turn)
    if record is None:
        return {"record": None}, None
    context = {
        "record": record_lines(record, access.access_character_bonuses(viewer, record)),
        "record_turn": record.turn,
        "winner": record.winner or "",
    }
    return context, picture_png(viewer.battle, record)


def kind_context(message: OutboxMessage, viewer: BattleViewer) -> dict[str, Any]:
    number = int(message.context.get("turn", 0))
    if message.kind in DEADLINE_KINDS:
        turn = turn_of(viewer, number)
        return {"deadline": turn.deadline if turn else None, "sent": bool(turn and turn.submitted)}
    if message.kind == Kind.BATTLE_RESULTS:
        turn = turn_of(viewer, number)  # the side's own turn, or any for the game master
        results = turn.results if turn else []
        set_rolls = [set_roll_line(r) for r in access.access_set_rolls(viewer, number)]
        return {"acted": turn.side if turn else "", "results": results, "set_rolls": set_rolls}
    if message.kind == Kind.BATTLE_END:
        verify_url = absolute_url(reverse("battle_verify", args=[viewer.battle.pk]))
        numbers = set(access.set_roll_numbers(viewer.battle))
        every_set = [r for r in access.access_rolls(viewer) if r.number in numbers]
        return {
            "seed": viewer.battle.seed_revealed,
            "final_winner": viewer.battle.winner,
            "how_it_ended": how_it_ended(viewer.battle),
            "verify_url": verify_url,
            "set_rolls": [set_roll_line(r) for r in every_set],
        }
    if message.kind == Kind.BATTLE_START:
        return {"example_seed": dice.EXAMPLE_SEED, "example": dice.commitment(dice.EXAMPLE_SEED)}
    if message.kind == Kind.BATTLE_ANSWER:
        return status_context(viewer)
    if message.kind == Kind.BATTLE_MESSAGE:
        written = access.access_message(viewer, int(message.context["message"]))
        return {"from_side": written.from_side or "the game master", "text": written.text}
    return {}


def how_it_ended(battle: Battle) -> str:
    """A battle not played out says how it ended (ruling B28); one won on the board, nothing."""
    if battle.ended_by == "game master":
        return f"The game master ended the battle: {battle.result_note}"
    return f"{battle.result_note}." if battle.result_note else ""


def set_roll_line(roll: access.ShownRoll) -> str:
    """A roll the game master set, as a reader sees it (ruling B27)."""
    turn = f"turn {roll.turn}" if roll.turn else "the roll-off"
    said = roll.decided.removesuffix(" (set by the game master)")
    told = "" if said == access.SET_BY_THE_GAME_MASTER else f" ({said})"
    which = f"roll #{roll.number}" if roll.numbered else "a roll"
    return f"{which} on {turn}: {roll.value}{told}"


def status_context(viewer: BattleViewer) -> dict[str, Any]:
    """Where the battle stands for this reader: the open turn if it is theirs to play
    (the game master: whichever it is), and its deadline."""
    battle = viewer.battle
    turn = access.access_open_turn(viewer)
    shown = turn is not None and (viewer.is_game_master or turn.side == viewer.side)
    return {
        "over": battle.status == Battle.Status.FINISHED,
        "paused": battle.status == Battle.Status.PAUSED,
        "open_turn": turn.number if turn and shown else None,
        "open_side": turn.side if turn and shown else "",
        "deadline": turn.deadline if turn and shown else None,
    }


def shows_record(message: OutboxMessage) -> bool:
    in_kind = message.kind in WITH_PICTURE or message.kind in DEADLINE_KINDS
    return in_kind or bool(message.context.get("show_record"))


def build_battle_draft(message: OutboxMessage, time_zone: str, html: bool) -> Draft:
    viewer = viewer_of(message)
    context = {**battle_context(message, viewer), **message.context}
    context.update(kind_context(message, viewer))
    picture: bytes | None = None
    if shows_record(message):
        turn = int(message.context.get("turn", LATEST))
        shown, png = record_context(viewer, turn)
        context.update(shown)
        picture = png if message.kind in WITH_PICTURE else None
    return Draft(
        kind=message.kind,
        to=message.to_email,
        context=context,
        time_zone=time_zone,
        html=html,
        map_png=picture,
        attachments=turn_calendar(message, context),
        reply_to=battle_reply_address(viewer.battle, message.user, message.side),
        headers=answer_headers(message),
    )


def turn_calendar(message: OutboxMessage, context: dict[str, Any]) -> tuple[Attachment, ...]:
    """The side-turn's deadline as a calendar event (your turn, reminders), from
    the context already read for the email; a later file for the same turn
    (after an extension) updates the event."""
    deadline = context.get("deadline")
    if message.kind not in DEADLINE_KINDS or deadline is None:
        return ()
    number, side = context["turn"], context["side_name"]
    uid = f"battle-{message.battle_id}-turn-{number}@fogdip"
    ics = deadline_event(
        uid=uid,
        summary=f"{context['battle_name']}: {side}'s activation due (turn {number})",
        deadline=deadline,
        url=context["battle_url"],
        now=timezone.now(),
        due=f"{side}'s activation is due.",
        sequence=next_sequence(uid, message.to_email, timezone.now()),
    )
    return (Attachment("deadline.ics", ics.encode(), "text/calendar"),)


def answer_headers(message: OutboxMessage) -> dict[str, str]:
    if message.kind != Kind.BATTLE_ANSWER:
        return {}
    return reply_headers(str(message.context.get("in_reply_to", "")))
