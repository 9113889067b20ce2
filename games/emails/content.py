"""Turn an outbox row into a Draft: what this recipient may read, in their time zone.

Results come from the recipient power's own knowledge record, read through
games.access like every page; the map is drawn from that same record. Nothing
here reads the true board.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone

from adjudication.record import Knowledge, parse_record
from common.links import absolute_url, site_link
from games import access
from games.emails.batch import once_a_batch, phase_for
from games.emails.catch_up import catch_up_context
from games.emails.pictures import map_png
from games.emails.plan import phase_duties
from games.emails.position import position_lines
from games.models import Game, Phase, Preset
from games.order_entry import has_something_to_order
from games.replies.addresses import reply_address_for, reply_address_of_seat
from postoffice.calendar_sequence import next_sequence
from postoffice.compose import Attachment, Draft, reply_headers
from postoffice.ics import bounded, deadline_event, deadline_uid, site_host
from postoffice.models import OutboxMessage

Kind = OutboxMessage.Kind


def power_name(power: str) -> str:
    return power.title() if power else "an observer"


def the_game(message: OutboxMessage) -> Game:
    """The Diplomacy game a row belongs to (a battle's rows are built elsewhere)."""
    assert message.game is not None
    return message.game


def game_context(message: OutboxMessage) -> dict[str, Any]:
    game = the_game(message)
    shared = once_a_batch(("game", game.pk, game.preset, game.name), lambda: game_links(game))
    return {**shared, "power_name": power_name(message.power)}


def game_links(game: Game) -> dict[str, Any]:
    """The game's name and pages, the same in every member's email."""
    return {
        "game_name": game.name,
        "preset_name": Preset(game.preset).label,
        "rules_url": site_link("rules_preset", game.preset),
        "order_url": site_link("game", game.pk),
        "history_url": site_link("game_history", game.pk),
    }


def phase_context(phase: Phase | None, game: Game) -> dict[str, Any]:
    """The deadline as it stands when the email is sent: none while the game
    is paused (the clock is stopped; a running deadline would be false)."""
    if phase is None:
        return {"deadline": None}
    if game.status == Game.Status.PAUSED:
        return {"phase_label": phase.label, "deadline": None, "paused": True}
    # Bounded: one set far ahead before deadlines were is shown, not an overflow.
    return {"phase_label": phase.label, "deadline": bounded(phase.deadline)}


def results_context(
    message: OutboxMessage, viewer: access.Viewer
) -> tuple[dict[str, Any], bytes | None, Phase | None]:
    """The power's news, its map, and the phase now open (whose deadline the
    results carry as a calendar file)."""
    assert message.phase is not None
    record = access.access_record_at(viewer, message.phase.ordinal)
    knowledge = parse_record(record)
    upcoming = phase_for(viewer, message.phase.ordinal + 1)
    context = {
        "phase_label": message.phase.label,
        "lines": list(knowledge.lines),
        "position": position_lines(knowledge, message.power),
        "messages": list(knowledge.messages),
        "next_phase_label": upcoming.label if upcoming else "",
        # From the power's own record alone, as the game page says it.
        "nothing_to_order": upcoming is not None
        and not has_something_to_order(knowledge, message.power, upcoming.kind),
        "duties": phase_duties(knowledge, message.power, upcoming.kind) if upcoming else [],
        "held_unordered": held_unordered(viewer, message.phase, knowledge),
        "ahead": orders_ahead_lines(viewer, upcoming),
        **next_deadline_context(upcoming, the_game(message)),
    }
    return context, map_png(record, the_game(message).name), upcoming


def held_unordered(viewer: access.Viewer, phase: Phase, knowledge: Knowledge) -> bool:
    """Whether the power had units in a movement phase and sent no orders for
    it, so they held: its own sheet and its own record alone say so."""
    if phase.kind != "M" or not knowledge.units_of(viewer.power):
        return False
    sheet = access.access_own_orders(viewer, phase)
    return sheet is None or not sheet.parsed


def orders_ahead_lines(viewer: access.Viewer, upcoming: Phase | None) -> list[str]:
    """What became of the orders the power gave ahead for the phase now open:
    read against its own record alone when that phase opened."""
    kept = access.access_own_orders_ahead(viewer, upcoming) if upcoming else None
    if kept is None:
        return []
    applied = [f"entered: {order}" for order in kept.applied]
    return applied + [f"dropped: {line} ({why})" for line, why in kept.dropped]


def next_deadline_context(upcoming: Phase | None, game: Game) -> dict[str, Any]:
    context = phase_context(upcoming, game)
    context.pop("phase_label", None)
    return context


def press_context(message: OutboxMessage, viewer: access.Viewer) -> dict[str, Any]:
    """The message as its recipient may see it: signed as the sender chose."""
    line = access.access_press_message(viewer, message.context["press"])
    return {
        "sender": line.sender,
        "to": line.to,
        "body": line.body,
        "phase_label": line.phase_label,
        "press_url": absolute_url(thread_path(the_game(message).pk, line.thread)),
    }


def thread_path(game_id: int, thread: str) -> str:
    """The press page at the recipient's own thread of the message (ruling 28)."""
    path = reverse("game_press", args=[game_id])
    return f"{path}?{urlencode({'thread': thread})}" if thread else path


def deadline_attachments(message: OutboxMessage, phase: Phase) -> tuple[Attachment, ...]:
    """The phase's deadline as a calendar event; a later file for the same
    phase (a reminder after the deadline moved) updates the event, and one
    sent while the game is paused cancels it until the game resumes."""
    uid = deadline_uid(the_game(message).pk, phase.name)
    ics = deadline_event(
        uid=uid,
        summary=f"{the_game(message).name}: orders due ({phase.label})",
        deadline=phase.deadline,
        url=game_url(the_game(message)),
        now=timezone.now(),
        cancelled=the_game(message).status == Game.Status.PAUSED,
        sequence=next_sequence(uid, message.to_email, timezone.now()),
    )
    return (Attachment("deadline.ics", ics.encode(), "text/calendar"),)


def game_url(game: Game) -> str:
    return once_a_batch(("url", game.pk), lambda: absolute_url(game.get_absolute_url()))


def build_draft(message: OutboxMessage, time_zone: str, html: bool) -> Draft:
    context = {**game_context(message), **message.context}
    # The phase's code in the subject, as the judges write it, sorts a game's mail in order.
    context["phase_code"] = message.phase.name if message.phase is not None else ""
    picture: bytes | None = None
    attachments: tuple[Attachment, ...] = ()
    viewer = reader_of(message)
    if viewer is not None and message.kind == Kind.RESULTS:
        extra, picture, upcoming = results_context(message, viewer)
        context.update(extra)
        if upcoming is not None and extra["deadline"] is not None:
            attachments = deadline_attachments(message, upcoming)
    elif viewer is not None and message.kind == Kind.PRESS:
        context.update(press_context(message, viewer))
    elif viewer is not None and message.kind == Kind.CATCH_UP:
        extra, picture = catch_up_context(message, viewer)
        context.update(extra)
    elif message.kind in (Kind.GAME_START, Kind.REMINDER, Kind.DEADLINE):
        context.update(phase_context(message.phase, the_game(message)))
        if message.phase is not None:
            attachments = deadline_attachments(message, message.phase)
        if viewer is not None and message.kind == Kind.GAME_START:
            extra, picture = start_context(message, viewer)
            context.update(extra)
    elif message.kind in (Kind.ANSWER, Kind.NOTICE):
        context.update(phase_context(message.phase, the_game(message)))
        picture = latest_map(message, viewer) if viewer is not None else None
    return Draft(
        kind=message.kind,
        to=message.to_email,
        context=context,
        time_zone=time_zone,
        html=html,
        map_png=picture,
        attachments=attachments,
        reply_to=reply_address(message, viewer),
        headers=game_headers(message),
    )


# What a recipient reads as a member of the game: their start, results, press, catch-up, map.
READ_AS_MEMBER = {Kind.GAME_START, Kind.RESULTS, Kind.PRESS, Kind.CATCH_UP}


def start_context(
    message: OutboxMessage, viewer: access.Viewer
) -> tuple[dict[str, Any], bytes | None]:
    """The power's opening position in words and its map, from its own record
    before the first phase (none for a game master's copy)."""
    if message.phase is None or not message.power:
        return {}, None
    record = access.access_record_at(viewer, message.phase.ordinal - 1)
    position = position_lines(parse_record(record), message.power)
    return {"position": position}, map_png(record, the_game(message).name)


def reader_of(message: OutboxMessage) -> access.Viewer | None:
    """The recipient as games.access sees them, once a message, for the kinds
    that show what they may read (404 for one with no part in the game)."""
    sends_map = message.kind in (Kind.ANSWER, Kind.NOTICE) and message.context.get("send_map")
    if message.kind not in READ_AS_MEMBER and not sends_map:
        return None
    return access.access_loaded_game(message.user, the_game(message))


def reply_address(message: OutboxMessage, viewer: access.Viewer | None) -> str:
    """The row's Reply-To; from the seat its viewer was read with, when that
    is the seat the row was written for, instead of reading it again."""
    seat = viewer.seat if viewer else None
    if seat is not None and seat.power == message.power:
        return reply_address_of_seat(seat)
    return reply_address_for(the_game(message), message.user, message.power)


def latest_map(message: OutboxMessage, viewer: access.Viewer) -> bytes | None:
    """MAP by email: the newest map of the power's own record, as the game page
    draws it; GET MAP <phase>: the map of its record of that phase."""
    wanted = str(message.context.get("map_phase", ""))
    if wanted:
        return _map_of(access.access_record_of_phase(viewer, wanted), message)
    return _map_of(access.access_current_record(viewer), message)


def _map_of(record: dict[str, Any] | None, message: OutboxMessage) -> bytes | None:
    return map_png(record, the_game(message).name) if record else None


def game_headers(message: OutboxMessage) -> dict[str, str]:
    """Every game email names its game as a list (RFC 2919) and threads under
    the recipient's own start email; an answer under the player's own chain."""
    headers = {"List-Id": list_id(the_game(message))}
    if message.kind == Kind.ANSWER:
        return {**headers, **answer_headers(message)}
    root = thread_root(message)
    if root:
        headers.update({"In-Reply-To": root, "References": root})
    return headers


def list_id(game: Game) -> str:
    """``Fogbound <game-12.play.example.org>``: the phrase in plain ASCII words only."""
    phrase = " ".join(re.sub(r"[^A-Za-z0-9 .-]", " ", game.name).split()) or "FogDip game"
    return f"{phrase} <game-{game.pk}.{site_host()}>"


def thread_root(message: OutboxMessage) -> str:
    """The Message-ID of the recipient's own start email of the game ("" for
    the start itself, and for the game master, who has none)."""
    if message.kind == Kind.GAME_START or not message.power or message.game_id is None:
        return ""
    start = OutboxMessage.objects.filter(
        game_id=message.game_id, kind=Kind.GAME_START, power=message.power
    ).first()
    return start.message_id_header if start else ""


def answer_headers(message: OutboxMessage) -> dict[str, str]:
    """Threaded under the player's email and the chain it named (oldest first)."""
    answered = str(message.context.get("in_reply_to", ""))
    headers = reply_headers(answered)
    chain = [str(ref) for ref in message.context.get("references", []) if ref != answered]
    if answered and chain:
        headers["References"] = " ".join([*chain, answered])
    return headers
