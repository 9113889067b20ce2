"""Queue the messages an event causes, inside the event's own transaction.

Called by games.actions: an adjudication queues every power's results, a
start queues every player's welcome, and so on. Keys make each call
idempotent: queueing the same event twice writes each message once.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from common.links import site_link
from games.models import Game, Phase, PressMessage, Proposal, Seat
from postoffice import posting
from postoffice.models import EmailSettings, OutboxMessage
from standing.console import figures_by_user
from standing.templatetags.standing import standing_of

Kind = OutboxMessage.Kind


def seated_players(game: Game) -> list[Seat]:
    seats = game.seats.select_related("user").exclude(status=Seat.Status.REPLACED)
    return list(seats.exclude(power="").order_by("power"))


def invitation_sent(invitation: Any, join_url: str) -> None:
    game = invitation.game
    posting.queue(
        Kind.INVITATION,
        game,
        f"invitation:{invitation.pk}",
        invitation.email,
        context={"inviter": invitation.invited_by.get_username(), "join_url": join_url},
    )


def invitation_requested(request: Any, console_url: str) -> None:
    """The game master hears that an account asks to take an invitation; what
    it says is what the game master's console shows of the request."""
    invitation, game = request.invitation, request.invitation.game
    posting.queue(
        Kind.INVITATION_REQUEST,
        game,
        f"invitation_request:{request.pk}",
        game.game_master.email,
        user=game.game_master,
        context={
            "requester": request.user.get_username(),
            "invited_email": invitation.email,
            "console_url": console_url,
        },
    )


def to_each(
    kind: str,
    game: Game,
    key: str,
    seats: list[Seat],
    *,
    phase: Phase | None = None,
    context: dict[str, Any] | None = None,
) -> None:
    """One message per seat; ``key`` is formatted with the seat's power."""
    postings = [
        posting.Posting(
            key=key.format(power=seat.power),
            to_email=seat.user.email,
            user=seat.user,
            power=seat.power,
            context=context or {},
        )
        for seat in seats
    ]
    posting.queue_each(kind, game, postings, phase=phase)


def game_started(game: Game, first: Phase) -> None:
    seats = seated_players(game)
    context = {"players": players_with_standing(game, seats)}
    to_each(
        Kind.GAME_START, game, f"start:{game.pk}:{{power}}", seats, phase=first, context=context
    )


def players_with_standing(game: Game, seats: list[Seat]) -> list[dict[str, str]]:
    """Who plays which power, with each one's reliability and rating as they
    stood at the start; nobody is named in an anonymous game."""
    if game.anonymous:
        return []
    figures = figures_by_user(seat.user_id for seat in seats)
    return [
        {
            "power": seat.power.title(),
            "name": seat.user.get_username(),
            "standing": standing_of(figures, seat.user_id),
        }
        for seat in seats
    ]


def phase_adjudicated(phase: Phase) -> None:
    """Every seated power gets its own results, whether or not it had anything to do."""
    seats = seated_players(phase.game)
    to_each(Kind.RESULTS, phase.game, f"results:{phase.pk}:{{power}}", seats, phase=phase)


def game_ended(game: Game) -> None:
    context = {
        "outcome": game.result or "The game master ended the game.",
        "history_url": site_link("game_history", game.pk) if game.unfog_when_finished else "",
    }
    to_each(Kind.GAME_END, game, f"end:{game.pk}:{{power}}", seated_players(game), context=context)


def press_sent(message: PressMessage, powers: list[str]) -> None:
    """Each receiving power's player gets the message, unless they turned press email off."""
    seats = [
        seat
        for seat in seated_players(message.game)
        if seat.power in powers and wants_press_email(seat.user)
    ]
    key = f"press:{message.token}:{{power}}"
    context = {"press": message.token}
    to_each(Kind.PRESS, message.game, key, seats, phase=message.phase, context=context)


def wants_press_email(user: Any) -> bool:
    settings = EmailSettings.objects.filter(user=user).first()
    return settings is None or (settings.press and settings.can_receive)


def proposal_opened(proposal: Proposal) -> None:
    """Every seated player alike: what is proposed, never by whom."""
    context = {"proposal": proposal.describe(), "decided_with_phase": proposal.game.is_fogged}
    key = f"vote:{proposal.pk}:open:{{power}}"
    to_each(Kind.VOTE, proposal.game, key, seated_players(proposal.game), context=context)


def proposal_decided(proposal: Proposal) -> None:
    """Only the outcome: no count, no voter."""
    outcome = "passed" if proposal.status == Proposal.Status.PASSED else "did not pass"
    context = {"proposal": proposal.describe(), "outcome": outcome}
    key = f"vote:{proposal.pk}:decided:{{power}}"
    to_each(Kind.VOTE, proposal.game, key, seated_players(proposal.game), context=context)


NEWCOMER = "newcomer"


def deadline_extended(phase: Phase, cause: str = "", context: dict[str, Any] | None = None) -> None:
    """Every seated player alike. A move for grace or an absence says never why
    or for whom, keyed by the new deadline; a newcomer's extension (``cause``)
    has its own wording and key, once a phase, so neither dedupes the other."""
    event = cause or str(int(phase.deadline.timestamp()))
    key = f"deadline:{phase.pk}:{event}:{{power}}"
    told = {"cause": cause, **(context or {})} if cause else {}
    seats = seated_players(phase.game)
    to_each(Kind.DEADLINE, phase.game, key, seats, phase=phase, context=told)


LATE = "late"


def orders_late(phase: Phase, powers: list[str]) -> None:
    """A fog game's grace: only each late power, about itself, keyed by the new
    deadline (games.actions.clock.give_scheduled_grace)."""
    event = f"{LATE}{int(phase.deadline.timestamp())}"
    key = f"deadline:{phase.pk}:{event}:{{power}}"
    seats = [seat for seat in seated_players(phase.game) if seat.power in powers]
    to_each(Kind.DEADLINE, phase.game, key, seats, phase=phase, context={"cause": LATE})


def clock_changed(phase: Phase, cause: str, now: datetime) -> None:
    """The game master moved, paused or resumed the clock (``cause``): public,
    so every seated player alike gets the same words and the calendar event
    updated (or, for a pause, cancelled until the game resumes)."""
    key = f"deadline:{phase.pk}:{cause}-{int(now.timestamp() * 1000)}:{{power}}"
    seats = seated_players(phase.game)
    to_each(Kind.DEADLINE, phase.game, key, seats, phase=phase, context={"cause": cause})


BOARD_EDITED = "the board was changed"
BOARD_EDITED_TEXT = (
    "The game master changed the board where your power can see it. The game page "
    "and your map show the board as you now see it; your orders stay as you gave them."
)


def board_edited(game: Game, phase: Phase, edit_id: int, powers: list[str]) -> None:
    """Only the powers whose own record the edit changed; each gets its own map."""
    seats = [seat for seat in seated_players(game) if seat.power in powers]
    context = {"notice_title": BOARD_EDITED, "notice": BOARD_EDITED_TEXT, "send_map": True}
    key = f"edit:{edit_id}:{{power}}"
    to_each(Kind.NOTICE, game, key, seats, phase=phase, context=context)


ROLLED_BACK = "the last adjudication was rolled back"


def rolled_back(game: Game, phase: Phase, rollback_id: int) -> None:
    """Every seated player alike: which phase is open again, and until when."""
    text = (
        f"The game master rolled back the adjudication of {phase.label}. It is open "
        "again with the orders as they were before it was adjudicated; the results "
        "sent for it no longer hold. Change your orders until the new deadline."
    )
    context = {"notice_title": ROLLED_BACK, "notice": text}
    key = f"rollback:{rollback_id}:{{power}}"
    to_each(Kind.NOTICE, game, key, seated_players(game), phase=phase, context=context)


def caretaker_plays(game: Game, phase: Phase | None, powers: list[str], event: str) -> None:
    """Every seated player alike: the caretaker now orders for these empty seats."""
    names = ", ".join(power.title() for power in powers)
    text = (
        f"The game master has given {names} to the caretaker: a program that orders "
        "for a power nobody plays, from that power's own knowledge alone, as a player "
        "in its seat would. The game master may hand such a power to a new player at any time."
    )
    context = {"notice_title": f"the caretaker plays {names}", "notice": text}
    key = f"caretaker:{game.pk}:{event}:{{power}}"
    to_each(Kind.NOTICE, game, key, seated_players(game), phase=phase, context=context)
