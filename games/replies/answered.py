"""Which phase the email a reply answers asked orders for, so that orders
written to an older phase's email are not applied to the phase open now.

The email's Message-ID names its outbox row (``<token@host>``); a reply names
it first in In-Reply-To. A results email asks for the phase after the one it
reports; a start, reminder, deadline, catch-up or answer email for its own.
Press, votes and the rest ask for no phase, and neither does a reply that
names no email of this seat.
"""

from __future__ import annotations

from games.models import Phase
from games.replies.addresses import Addressee
from postoffice.inbound.reading import Letter
from postoffice.models import OutboxMessage

Kind = OutboxMessage.Kind
ASK_FOR_THEIR_OWN_PHASE = {Kind.GAME_START, Kind.REMINDER, Kind.DEADLINE, Kind.CATCH_UP}
ASK_FOR_THEIR_OWN_PHASE |= {Kind.ANSWER}


def answered_phase(addressee: Addressee, letter: Letter) -> Phase | None:
    if not letter.references or not addressee.power:
        return None
    token = letter.references[0].strip("<>").split("@", 1)[0]
    rows = OutboxMessage.objects.filter(token=token, game=addressee.game, power=addressee.power)
    row = rows.select_related("phase").defer("phase__position", "phase__outcome").first()
    if row is None or row.phase is None:
        return None
    if row.kind == Kind.RESULTS:
        return addressee.game.phases.filter(ordinal=row.phase.ordinal + 1).first()
    return row.phase if row.kind in ASK_FOR_THEIR_OWN_PHASE else None


def stale_reply(answered: Phase | None, open_phase: Phase | None) -> str:
    """Why the orders of a reply to an older phase's email were not used, or ""."""
    if answered is None or open_phase is None or answered.pk == open_phase.pk:
        return ""
    return (
        f"this email answers the one about {answered.label}, but {open_phase.label} is "
        f"open now, so its orders were not used: send them again in a reply to the latest "
        f"email, or put the line PHASE {open_phase.name} before them"
    )
