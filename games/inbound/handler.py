"""The one handler both roads in (webhook and pipe) give a message to.

The order of checks is the order of trust: a message shaped to make parsing
costly (games.inbound.shape) is refused unparsed, one that is not an email is
recorded and raises Unreadable, one too large is refused; automatic mail is
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
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction

from games import gateway
from games.actions import log
from games.battles.replies import answer_battle_letter
from games.inbound import answers, conversation
from games.inbound.addresses import (
    Addressee,
    BattleAddressee,
    PersonAddressee,
    addressee_of,
    tokens_in,
)
from games.inbound.commands import Reading, read_commands
from games.inbound.models import InboundMessage
from games.inbound.naming import game_named
from games.inbound.orders import reads_as_an_order, starts_an_order
from games.inbound.reading import Letter, Unreadable, read_letter
from games.inbound.running import run_commands
from games.inbound.shape import why_refused
from games.inbound.tolerance import tidy

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
        letter = read_letter(head, envelope_recipients)
    except Unreadable as error:
        record_unread(raw, road, f"not an email: {error}")
        raise
    return handle_letter(letter, road, digest_of(raw), len(raw))


def handle_letter(letter: Letter, road: str, digest: str, size: int) -> Handled:
    if size > settings.INBOUND_EMAIL_MAX_BYTES:
        limit = settings.INBOUND_EMAIL_MAX_BYTES // 1024
        reason = f"the message is larger than {limit} KB"
        return refuse(letter, road, digest, reason, from_its_player(letter))
    if letter.automatic:
        reason = "automatic mail (RFC 3834) is never answered"
        return record(letter, road, digest, Outcome.IGNORED, reason)
    addressee = addressee_for(letter)
    if addressee is None:
        return refuse(letter, road, digest, "no current reply address among the recipients")
    if addressee.user.email.strip().lower() != letter.sender:
        return refuse(letter, road, digest, "the sender is not the registered address of that seat")
    if isinstance(addressee, PersonAddressee):
        named, letter, why = game_named(addressee, letter)
        if named is None:
            return refuse(letter, road, digest, why, trusted=True)
        addressee = named
    # De-duplicated only now, for the verified seat: a refused forgery that
    # carries a player's next Message-ID cannot make the real one "seen".
    key = seat_key(letter, addressee)
    if InboundMessage.objects.filter(key=key).exists():
        return Handled("seen", "a message with this Message-ID was handled before")
    return accept(letter, road, key, addressee)


def digest_of(raw: bytes) -> str:
    """Names a refused or ignored message: its bytes, so only a copy of it is "seen"."""
    return hashlib.sha256(raw).hexdigest()


def seat_key(letter: Letter, addressee: Addressee | BattleAddressee) -> str:
    """Names an accepted message: its Message-ID (or bytes) for the verified seat."""
    if isinstance(addressee, BattleAddressee):
        seat = f"battle {addressee.battle.pk}"
    else:
        seat = f"game {addressee.game.pk} {addressee.power}"
    named = f"{seat} user {addressee.user.pk} message {letter.key}"
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


def addressee_for(letter: Letter) -> Addressee | BattleAddressee | PersonAddressee | None:
    for token in tokens_in(list(letter.recipients)):
        addressee = addressee_of(token)
        if addressee is not None:
            return addressee
    return None


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
    allowed = trusted or answers.refusal_allowed(letter.sender)
    answered = allowed and not letter.automatic
    handled = record(letter, road, digest, Outcome.REFUSED, reason, answered=answered)
    if handled.outcome == Outcome.REFUSED and answered:
        answers.send_refusal(letter, reason if trusted else "")
    return handled


def from_its_player(letter: Letter) -> bool:
    addressee = addressee_for(letter)
    return addressee is not None and addressee.user.email.strip().lower() == letter.sender


def whose(addressee: Addressee | BattleAddressee) -> dict[str, object]:
    if isinstance(addressee, BattleAddressee):
        return {"battle": addressee.battle, "user": addressee.user}
    return {"game": addressee.game, "power": addressee.power, "user": addressee.user}


@transaction.atomic
def accept(letter: Letter, road: str, key: str, addressee: Addressee | BattleAddressee) -> Handled:
    """The row is written first: a second delivery running at the same moment
    waits on its unique key, then finds the message handled."""
    fields = whose(addressee)
    claimed = record(letter, road, key, Outcome.ACCEPTED, "", answered=True, **fields)
    if claimed.outcome != Outcome.ACCEPTED:
        return claimed
    inbound = InboundMessage.objects.get(key=key)
    if isinstance(addressee, BattleAddressee):
        answer_battle_letter(addressee, letter, inbound)
        return claimed
    outcome = run_commands(addressee, read_game_letter(addressee, letter))
    summary = describe(addressee, outcome.words, road)
    InboundMessage.objects.filter(pk=inbound.pk).update(summary=summary)
    answers.queue_answer(addressee, letter, inbound, outcome)
    log(addressee.game, addressee.user, "email", summary)
    return claimed


def read_game_letter(addressee: Addressee, letter: Letter) -> Reading:
    """The commands of a reply about a game: a reply to press keeps its talk
    as press; then chatty lines are set aside and unknown words named."""
    game_board = gateway.board(addressee.game.preset)
    starts = partial(starts_an_order, game_board)
    is_order = partial(reads_as_an_order, game_board)
    answered = conversation.answered_press(addressee, letter)
    powers = addressee.game.powers
    reading = read_commands(letter.text, powers, starts, is_order, talk=answered is not None)
    if answered is not None:
        reading = conversation.with_press_reply(addressee, answered, reading, is_order)
    return tidy(reading, is_order, starts)


def describe(addressee: Addressee, words: set[str], road: str) -> str:
    who = addressee.power.title() if addressee.power else "The game master"
    done = ", ".join(sorted(words)) or "nothing to do"
    return f"{who} by email ({road}): {done}"


__all__ = ["Handled", "Unreadable", "handle_message"]
