"""/api/v1/games/{id}/console/: the game master's console actions, by token.

Each route calls the same action as the console's button (games/actions/),
so the checks, the game log and what players are told are the console's.
Only the game's master may call them (403 for other members, 404 for
strangers, as on the pages), and only with a play token.
"""

from __future__ import annotations

from datetime import timedelta

from django.http import HttpRequest
from ninja import Router
from ninja.errors import HttpError

from api import sheets
from api.answers import CONSOLE_BARE, CONSOLE_READ, WRITE, answers
from api.schemas import (
    DeadlineIn,
    DoneOut,
    EndIn,
    ExtendIn,
    LogLineOut,
    MasterPressIn,
    OrdersForPowerIn,
    OrdersOut,
    PowerIn,
    ProcessIn,
)
from api.viewing import master_for, open_phase_named, viewer_for
from games import access, actions
from games.access import Viewer
from games.models import Phase
from games.order_entry import PlayerInput

router = Router(tags=["game master"])

CONSOLE = "/games/{game_id}/console"
LOG_LINES = 200


@router.get(
    f"{CONSOLE}/log", response=answers(list[LogLineOut], *CONSOLE_READ), summary="The game log"
)
def game_log(request: HttpRequest, game_id: int) -> list[dict[str, object]]:
    entries = access.access_log(viewer_for(request, game_id))[:LOG_LINES]
    return [
        {"created": e.created, "actor": str(e.actor or ""), "action": e.action, "detail": e.detail}
        for e in entries
    ]


@router.post(
    f"{CONSOLE}/process", response=answers(DoneOut, *WRITE), summary="Process the open phase now"
)
def process_now(request: HttpRequest, game_id: int, body: ProcessIn) -> dict[str, str]:
    viewer = master_for(request, game_id)
    phase = open_phase_named(viewer, body.phase)
    actions.process_now(phase, request.user)
    return {"done": f"{phase.label} is being adjudicated."}


@router.post(
    f"{CONSOLE}/retry",
    response=answers(DoneOut, *CONSOLE_BARE),
    summary="Adjudicate a failed phase again",
)
def retry(request: HttpRequest, game_id: int) -> dict[str, str]:
    phase = latest_phase(master_for(request, game_id))
    actions.retry_failed_phase(phase, request.user)
    return {"done": f"{phase.label} is being adjudicated again."}


@router.post(f"{CONSOLE}/extend", response=answers(DoneOut, *WRITE), summary="Extend the deadline")
def extend(request: HttpRequest, game_id: int, body: ExtendIn) -> dict[str, str]:
    viewer = master_for(request, game_id)
    actions.extend_deadline(viewer.game, request.user, timedelta(minutes=body.minutes))
    return {"done": "Deadline extended."}


@router.post(f"{CONSOLE}/deadline", response=answers(DoneOut, *WRITE), summary="Set the deadline")
def set_deadline(request: HttpRequest, game_id: int, body: DeadlineIn) -> dict[str, str]:
    viewer = master_for(request, game_id)
    actions.set_deadline(viewer.game, request.user, body.deadline)
    return {"done": "Deadline set."}


@router.post(f"{CONSOLE}/pause", response=answers(DoneOut, *CONSOLE_BARE), summary="Pause the game")
def pause(request: HttpRequest, game_id: int) -> dict[str, str]:
    actions.pause_game(master_for(request, game_id).game, request.user)
    return {"done": "The game is paused; the clock is stopped."}


@router.post(
    f"{CONSOLE}/resume", response=answers(DoneOut, *CONSOLE_BARE), summary="Resume the game"
)
def resume(request: HttpRequest, game_id: int) -> dict[str, str]:
    actions.resume_game(master_for(request, game_id).game, request.user)
    return {"done": "The game is running again."}


@router.post(
    f"{CONSOLE}/orders", response=answers(OrdersOut, *WRITE), summary="Enter a power's orders"
)
def orders_for_power(
    request: HttpRequest, game_id: int, body: OrdersForPowerIn
) -> dict[str, object]:
    viewer = master_for(request, game_id)
    power = known_power(viewer, body.power)
    phase = open_phase_named(viewer, body.phase)
    given = PlayerInput(
        lines=tuple(body.orders),
        retreat_lists=body.retreat_lists,
        adjustment_lines=tuple(body.adjustment_lines),
    )
    sheet = actions.submit_orders_for_power(phase, request.user, power, given)
    return sheets.sheet_out(viewer, phase, sheet, power)


@router.post(
    f"{CONSOLE}/message", response=answers(DoneOut, *WRITE), summary="Press from the game master"
)
def game_master_press(request: HttpRequest, game_id: int, body: MasterPressIn) -> dict[str, str]:
    viewer = master_for(request, game_id)
    recipients = [name.strip().upper() for name in body.recipients]
    actions.send_game_master_press(viewer.game, request.user, recipients, body.body)
    return {"done": "Message sent."}


@router.post(
    f"{CONSOLE}/open-seat", response=answers(DoneOut, *WRITE), summary="Open a power's seat"
)
def open_seat(request: HttpRequest, game_id: int, body: PowerIn) -> dict[str, str]:
    viewer = master_for(request, game_id)
    power = known_power(viewer, body.power)
    actions.open_seat(viewer.game, request.user, power)
    return {"done": f"The seat of {power.title()} is open; the lobby lists it."}


@router.post(
    f"{CONSOLE}/caretaker",
    response=answers(DoneOut, *WRITE),
    summary="Give a seat to the caretaker",
)
def care_for_seat(request: HttpRequest, game_id: int, body: PowerIn) -> dict[str, str]:
    """The seat must be empty or in civil disorder; the caretaker then orders
    for it from that power's own record, as a player in the seat would."""
    viewer = master_for(request, game_id)
    power = known_power(viewer, body.power)
    actions.care_for_seat(viewer.game, request.user, power)
    return {"done": f"The caretaker plays {power.title()}."}


@router.post(f"{CONSOLE}/end", response=answers(DoneOut, *WRITE), summary="End the game")
def end(request: HttpRequest, game_id: int, body: EndIn) -> dict[str, str]:
    actions.end_game(master_for(request, game_id).game, request.user, body.result)
    return {"done": "The game has ended."}


def known_power(viewer: Viewer, named: str) -> str:
    power = named.strip().upper()
    if power not in viewer.game.powers:
        raise HttpError(400, f'power: "{named}" is not a power of this game.')
    return power


def latest_phase(viewer: Viewer) -> Phase:
    phase = access.access_open_phase(viewer)
    if phase is None:
        raise actions.ActionError("There is no phase to retry.")
    return phase
