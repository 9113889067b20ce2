"""Writing back: an answer for every accepted message about a game.

An answer is an outbox row like every game email (kind "answer"), written in
the transaction that carried out the commands, so it is sent once, retried
on failure and shown on the game master's email page. Its context holds
only what the writer typed and their own power's view.

(A refusal, for the rest, is the post office's: postoffice.inbound.answering.)
"""

from __future__ import annotations

import logging
from typing import Any

from adjudication.record import Knowledge, parse_record
from games import access
from games.emails.plan import phase_duties, unit_plan
from games.emails.position import position_lines
from games.replies.addresses import Addressee, person_address
from games.replies.running import standing, who_has_ordered
from postoffice import posting
from postoffice.inbound.answering import answer_subject
from postoffice.inbound.models import InboundMessage
from postoffice.inbound.reading import Letter
from postoffice.inbound.said import Outcome
from postoffice.models import OutboxMessage

logger = logging.getLogger(__name__)
MAX_CHAIN = 20


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
        # The chain the player's email named, oldest first, kept in the answer's References.
        "references": list(dict.fromkeys(reversed(letter.references)))[-MAX_CHAIN:],
        "phase_label": phase.label if phase else "",
        "person_address": person_address(addressee.user),
    }
    if addressee.is_game_master:
        context["powers"] = who_has_ordered(viewer, phase)
    elif "LEAVE GAME" in outcome.words:
        context["left"] = True  # the seat is no longer the writer's: nothing of it is shown
    else:
        knowledge = own_knowledge(viewer)
        context.update(standing(viewer, phase))
        kind = phase.kind if phase else ""
        context["plan"] = unit_plan(knowledge, viewer.power, kind, context["sheet"])
        if "STATUS" in outcome.words and knowledge is not None:
            context["position"] = known_position(knowledge, viewer.power, kind)
    return context


def own_knowledge(viewer: access.Viewer) -> Knowledge | None:
    record = access.access_current_record(viewer)
    return parse_record(record) if record else None


def known_position(knowledge: Knowledge, power: str, kind: str) -> list[str]:
    """STATUS: the position as the power's own latest record has it, and what
    the open phase asks of it (dislodged units, builds or removals)."""
    return [*position_lines(knowledge, power), *phase_duties(knowledge, power, kind)]


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
