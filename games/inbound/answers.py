"""Writing back: an answer for every accepted message, a refusal for the rest.

An answer is an outbox row like every game email (kind "answer"), written in
the transaction that carried out the commands, so it is sent once, retried
on failure and shown on the game master's email page. Its context holds
only what the writer typed and their own power's view.

A refusal names no game and no power: it goes to whatever address a message
came from, which may be forged. It is sent at once, outside the outbox (it
belongs to no game), and at most once a day to one address, so a flood of
forged mail cannot make FogDip send a flood of refusals.
"""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from typing import Any

from django.utils import timezone

from adjudication.record import parse_record
from games import access
from games.inbound.addresses import Addressee, person_address
from games.inbound.models import InboundMessage
from games.inbound.reading import Letter
from games.inbound.running import Outcome, standing, who_has_ordered
from games.mail import posting
from games.mail.compose import Draft, build_message, reply_headers
from games.mail.delivery import deliver
from games.mail.models import OutboxMessage
from games.mail.position import position_lines

logger = logging.getLogger(__name__)
REFUSALS_PER_DAY = 1
REPLY_PREFIX = re.compile(r"^((re|aw|sv|fw|fwd|tr)\s*:\s*)+", re.IGNORECASE)


def answer_subject(letter: Letter, game_name: str) -> str:
    subject = REPLY_PREFIX.sub("", letter.subject).strip()
    return f"Re: {subject}" if subject else f"{game_name}: your email"


def answer_context(addressee: Addressee, letter: Letter, outcome: Outcome) -> dict[str, Any]:
    viewer = access.access_game(addressee.user, addressee.game.pk)
    phase = access.access_open_phase(viewer)
    context: dict[str, Any] = {
        "subject": answer_subject(letter, addressee.game.name),
        "said": [line.as_json() for line in outcome.said],
        "help": "HELP" in outcome.words or outcome.wants_help or not outcome.said,
        "send_map": "MAP" in outcome.words,
        "map_phase": outcome.map_phase,
        "game_master": addressee.is_game_master,
        "in_reply_to": letter.message_id,
        "phase_label": phase.label if phase else "",
        "person_address": person_address(addressee.user),
    }
    if addressee.is_game_master:
        context["powers"] = who_has_ordered(viewer, phase)
    else:
        context.update(standing(viewer, phase))
        if "STATUS" in outcome.words:
            context["position"] = known_position(viewer)
    return context


def known_position(viewer: access.Viewer) -> list[str]:
    """STATUS: the position as the power's own latest record has it."""
    record = access.access_current_record(viewer)
    return position_lines(parse_record(record), viewer.power) if record else []


def queue_answer(
    addressee: Addressee, letter: Letter, inbound: InboundMessage, outcome: Outcome
) -> None:
    viewer = access.access_game(addressee.user, addressee.game.pk)
    posting.queue(
        OutboxMessage.Kind.ANSWER,
        addressee.game,
        f"answer:{inbound.key}",
        addressee.user.email,
        user=addressee.user,
        phase=access.access_open_phase(viewer),
        power=addressee.power,
        context=answer_context(addressee, letter, outcome),
    )


def refusal_allowed(sender: str) -> bool:
    since = timezone.now() - timedelta(days=1)
    earlier = InboundMessage.objects.filter(sender=sender, answered=True, received__gte=since)
    return earlier.filter(outcome=InboundMessage.Outcome.REFUSED).count() < REFUSALS_PER_DAY


def send_refusal(letter: Letter, reason: str = "") -> bool:
    """One polite refusal, threaded under the refused message; True when it
    went out. ``reason`` only for a player's own message (it names no game)."""
    draft = Draft(
        kind="refusal",
        to=letter.sender,
        context={"reason": reason},
        headers=reply_headers(letter.message_id),
    )
    result = deliver(build_message(draft))
    if not result.sent:
        logger.warning("refusal to %s not sent: %s", letter.sender, result.error)
    return result.sent
