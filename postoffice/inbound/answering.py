"""Writing back to mail that did not play: the subject of an answer, and refusals.

A refusal names no game and no power: it goes to whatever address a message
came from, which may be forged. It is sent at once, outside the outbox (it
belongs to no game), and at most once a day to one address, so a flood of
forged mail cannot make FogDip send a flood of refusals.
"""

from __future__ import annotations

import logging
import re
from datetime import timedelta

from django.utils import timezone

from postoffice.compose import Draft, build_message, reply_headers
from postoffice.delivery import deliver
from postoffice.inbound.models import InboundMessage
from postoffice.inbound.reading import Letter

logger = logging.getLogger(__name__)
REFUSALS_PER_DAY = 1
REPLY_PREFIX = re.compile(r"^((re|aw|sv|fw|fwd|tr)\s*:\s*)+", re.IGNORECASE)


def answer_subject(letter: Letter, game_name: str) -> str:
    subject = REPLY_PREFIX.sub("", letter.subject).strip()
    return f"Re: {subject}" if subject else f"{game_name}: your email"


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
