"""The one handler both roads in (the webhook's worker and the pipe) give a message to.

The order of checks is the order of trust: a message shaped to make parsing
costly (postoffice.inbound.shape) is refused unparsed, one whose reading
runs out of its time or recursion budget (postoffice.inbound.budget) is
refused, one that is not an email is recorded and raises Unreadable, one
too large is refused; automatic mail is
never answered; then the reply address must hold a good token that is still
current, and the sender must be that seat's registered address. Only then is
a message "seen before" looked for, by its Message-ID *for that seat*: a
forgery refused earlier cannot make a player's real message look seen. Then
the text is read into commands and carried out. Anything refused changes
nothing, is recorded (a provider retrying it finds it handled), and gets at
most one polite refusal that names no game and no power.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction

from postoffice import registry
from postoffice.inbound import answering
from postoffice.inbound.addresses import tokens_in, value_of
from postoffice.inbound.budget import reading_budget
from postoffice.inbound.models import InboundMessage
from postoffice.inbound.reading import Letter, Unreadable, read_letter
from postoffice.inbound.shape import RefusedUnread, why_refused
from postoffice.models import EmailSettings
from postoffice.registry import Addressee, ReplyRoad
from postoffice.webhooks import flag_address

logger = logging.getLogger(__name__)
Outcome = InboundMessage.Outcome


@dataclass(frozen=True)
class Handled:
    """What became of one message: accepted, refused, ignored, or seen before."""

    outcome: str
    reason: str = ""


def handle_message(raw: bytes, road: str, envelope_recipients: tuple[str, ...] = ()) -> Handled:
    """Raises Unreadable only when the bytes are not an email (after recording
    them); every other case is handled."""
    head = raw[: settings.INBOUND_EMAIL_MAX_BYTES + 1]
    problem = why_refused(head)
    if problem:
        return record_unread(raw, road, problem)
    try:
        letter = read_within_budget(head, envelope_recipients)
    except RefusedUnread as error:
        return record_unread(raw, road, str(error))
    except Unreadable as error:
        record_unread(raw, road, f"not an email: {error}")
        raise
    return handle_letter(letter, road, digest_of(raw), len(raw))


def read_within_budget(head: bytes, envelope_recipients: tuple[str, ...]) -> Letter:
    """Reading touches no database: whatever it raises besides Unreadable is
    the message's doing (a parser tripping on a header nobody foresaw), and
    is a refusal with the reason, never an error that retries it."""
    try:
        with reading_budget():
            return read_letter(head, envelope_recipients)
    except (Unreadable, RefusedUnread):
        raise
    except Exception as error:
        logger.warning("inbound mail could not be read", exc_info=True)
        raise RefusedUnread(f"the message could not be read ({type(error).__name__})") from error


def handle_letter(letter: Letter, road: str, digest: str, size: int) -> Handled:
    if size > settings.INBOUND_EMAIL_MAX_BYTES:
        limit = settings.INBOUND_EMAIL_MAX_BYTES // 1024
        reason = f"the message is larger than {limit} KB"
        return refuse(letter, road, digest, reason, from_its_player(letter))
    if letter.automatic:
        reason = "automatic mail (RFC 3834) is never answered"
        if flag_reported(letter):
            reason += "; its delivery report flags the player's address as bounced"
        return record(letter, road, digest, Outcome.IGNORED, reason)
    found = addressee_for(letter)
    if found is None:
        return refuse(letter, road, digest, "no current reply address among the recipients")
    reply_road, addressee = found
    if addressee.user.email.strip().lower() != letter.sender:
        return refuse(letter, road, digest, "the sender is not the registered address of that seat")
    if reply_road.redirect is not None:
        named, letter, why = reply_road.redirect(addressee, letter)
        if named is None:
            return refuse(letter, road, digest, why, trusted=True)
        addressee = named
    # De-duplicated only now, for the verified seat: a refused forgery that
    # carries a player's next Message-ID cannot make the real one "seen".
    key = seat_key(letter, addressee)
    if InboundMessage.objects.filter(key=key).exists():
        return Handled("seen", "a message with this Message-ID was handled before")
    return accept(letter, road, key, reply_road, addressee)


def flag_reported(letter: Letter) -> bool:
    """A delivery report sent back to a reply address flags the address that
    reply address was made for, when the report says it failed for good.
    Only a server that received FogDip's email knows the reply address, so a
    stranger cannot stop a player's mail by writing a report."""
    found = addressee_for(letter) if letter.failed else None
    if found is None:
        return False
    email = found[1].user.email.strip().lower()
    status = next((status for address, status in letter.failed if address == email), "")
    if status:
        flag_address(email, EmailSettings.AddressStatus.BOUNCED, f"delivery report: {status}")
    return bool(status)


def digest_of(raw: bytes) -> str:
    """Names a refused or ignored message: its bytes, so only a copy of it is "seen"."""
    return hashlib.sha256(raw).hexdigest()


def seat_key(letter: Letter, addressee: Addressee) -> str:
    """Names an accepted message: its Message-ID (or bytes) for the verified seat."""
    named = f"{addressee.seat} user {addressee.user.pk} message {letter.key}"
    return hashlib.sha256(named.encode()).hexdigest()


def record_unread(raw: bytes, road: str, reason: str) -> Handled:
    """A message refused before it was read: recorded, never answered."""
    try:
        with transaction.atomic():
            InboundMessage.objects.create(
                key=digest_of(raw), road=road[:40], outcome=Outcome.REFUSED, reason=reason[:200]
            )
    except IntegrityError:
        return Handled("seen", "these bytes were handled before")
    logger.info("inbound mail via %s refused unread: %s", road, reason)
    return Handled(Outcome.REFUSED, reason)


def addressee_for(letter: Letter) -> tuple[ReplyRoad, Addressee] | None:
    """The first recipient whose token is good and names someone now."""
    for token in tokens_in(list(letter.recipients)):
        found = road_and_addressee(token)
        if found is not None:
            return found
    return None


def road_and_addressee(token: str) -> tuple[ReplyRoad, Addressee] | None:
    """Whom a token names, and the road its replies take, if its signature is
    good and it is still current; else None."""
    value = value_of(token)
    found = registry.road_for(value) if value is not None else None
    if found is None:
        return None
    road, match = found
    addressee = road.addressee(match)
    return (road, addressee) if addressee is not None else None


def addressee_of(token: str) -> Addressee | None:
    found = road_and_addressee(token)
    return found[1] if found is not None else None


def record(
    letter: Letter, road: str, key: str, outcome: str, reason: str, **fields: object
) -> Handled:
    """The row that makes a second delivery of this message a no-op."""
    try:
        with transaction.atomic():
            InboundMessage.objects.create(
                key=key,
                road=road[:40],
                sender=letter.sender[:254],
                subject=letter.subject,
                outcome=outcome,
                reason=reason[:200],
                **fields,
            )
    except IntegrityError:
        return Handled("seen", "a message with this Message-ID was handled before")
    logger.info("inbound mail from %s via %s: %s (%s)", letter.sender, road, outcome, reason)
    return Handled(outcome, reason)


def refuse(letter: Letter, road: str, digest: str, reason: str, trusted: bool = False) -> Handled:
    """``trusted``: the message came from a seat's own address to its current
    reply address; its writer is a player, always told why (no cap), since
    the refusal cannot be backscatter to a stranger."""
    allowed = trusted or answering.refusal_allowed(letter.sender)
    answered = allowed and not letter.automatic
    handled = record(letter, road, digest, Outcome.REFUSED, reason, answered=answered)
    if handled.outcome == Outcome.REFUSED and answered:
        answering.send_refusal(letter, reason if trusted else "")
    return handled


def from_its_player(letter: Letter) -> bool:
    found = addressee_for(letter)
    return found is not None and found[1].user.email.strip().lower() == letter.sender


@transaction.atomic
def accept(
    letter: Letter, road: str, key: str, reply_road: ReplyRoad, addressee: Addressee
) -> Handled:
    """The row is written first: a second delivery running at the same moment
    waits on its unique key, then finds the message handled."""
    fields = addressee.record_fields()
    claimed = record(letter, road, key, Outcome.ACCEPTED, "", answered=True, **fields)
    if claimed.outcome != Outcome.ACCEPTED:
        return claimed
    reply_road.accept(addressee, letter, InboundMessage.objects.get(key=key), road)
    return claimed


__all__ = ["Handled", "Unreadable", "handle_message"]
