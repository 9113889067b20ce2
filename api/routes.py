"""/api/v1/: a player's games, records, map, orders and ready, by bearer token.

Reads go through games.access (the viewer's own records only), writes
through games.actions (the same checks and answers as the web and email).
A write names the phase it was made for; a phase that has moved on is
refused, so a program acting on a stale read never orders for the next one.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from ninja.errors import HttpError
from ninja.responses import Status

from api import console, options, press_votes, sheets, standing_routes, token_routes
from api.answers import PLAYER_READ, READ, WRITE, answers
from api.auth import TokenAuth, token_of
from api.errors import add_error_handlers
from api.record_schema import RECORD_ANSWER
from api.schema_once import SchemaOnceAPI
from api.schemas import (
    CheckIn,
    GameDetailOut,
    GameOut,
    JsonRecord,
    LineOut,
    OptionsOut,
    OrdersIn,
    OrdersOut,
    PhaseOut,
    ReadyIn,
    ReadyOut,
    RecordEntry,
    SheetOut,
)
from api.viewing import open_phase_named, player_for, viewer_for
from games import access, actions, gateway, maps_adapter, order_entry
from games.access import Viewer
from games.models import Game, Phase
from games.order_entry import PlayerInput

api = SchemaOnceAPI(
    title="FogDip API",
    version="1",
    description=(
        "Play FogDip from a program. Authenticate with a personal token "
        "(Settings, API tokens) sent as `Authorization: Bearer <token>`. "
        "Everything you read is your own power's knowledge record."
    ),
    auth=TokenAuth(),
    urls_namespace="api-v1",
    # The schema is served (/api/v1/openapi.json); the interactive page is
    # not: it loads scripts the Content-Security-Policy rightly refuses.
    docs_url=None,
)

add_error_handlers(api)
api.add_router("", press_votes.router)
api.add_router("", console.router)
api.add_router("", standing_routes.router)
api.add_router("", token_routes.router)

MAX_CHECK_LINES = 60
# The map is a picture, not JSON: the schema says so, so a program knows what it gets.
PNG = {"image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}}


def phase_out(phase: Phase | None) -> PhaseOut | None:
    if phase is None:
        return None
    shown = phase.deadline if phase.status == Phase.Status.OPEN else None
    return PhaseOut.model_validate(
        {
            "name": phase.name,
            "label": phase.label,
            "kind": phase.kind,
            "ordinal": phase.ordinal,
            "status": phase.status,
            "deadline": shown,
        }
    )


def game_out(viewer: Viewer, phase: Phase | None) -> dict[str, object]:
    game = viewer.game
    return {
        "id": game.pk,
        "name": game.name,
        "preset": game.preset,
        "status": game.status,
        "role": str(viewer.role),
        "power": viewer.power or None,
        "phase": phase_out(phase),
    }


@api.get("/games", response=answers(list[GameOut]), summary="The games I play in or run")
def my_games(request: HttpRequest) -> list[dict[str, object]]:
    token = token_of(request)
    games = access.games_of(request.user).order_by("-created")
    if token.game_id is not None:
        games = games.filter(pk=token.game_id)
    return [
        game_out(access.access_loaded_game(request.user, game), phase)
        for game, phase in access.games_with_latest_phase(games)
    ]


@api.get(
    "/games/{game_id}", response=answers(GameDetailOut, *READ), summary="A game's public settings"
)
def game_detail(request: HttpRequest, game_id: int) -> dict[str, object]:
    viewer = viewer_for(request, game_id)
    game: Game = viewer.game
    return {
        **game_out(viewer, access.access_open_phase(viewer)),
        "powers": list(game.powers),
        "press_mode": game.press_mode,
        "start_year": game.start_year,
        "movement_minutes": game.movement_minutes,
        "retreat_minutes": game.retreat_minutes,
        "adjustment_minutes": game.adjustment_minutes,
        "grace_extensions": game.grace_extensions,
        "grace_minutes": game.grace_minutes,
        "time_zone": game.time_zone,
        "result": game.result,
    }


@api.get(
    "/games/{game_id}/records", response=answers(list[RecordEntry], *READ), summary="My records"
)
def my_records(request: HttpRequest, game_id: int) -> list[dict[str, object]]:
    viewer = viewer_for(request, game_id)
    records = access.access_history(viewer)
    told = {r.ordinal: r.data.get("phase", "") for r in records}
    return [{"ordinal": ordinal, "phase": phase} for ordinal, phase in told.items()]


@api.get(
    "/games/{game_id}/record",
    response=answers(JsonRecord, *READ),
    summary="My current record",
    openapi_extra={"responses": {200: RECORD_ANSWER}},
)
def my_current_record(request: HttpRequest, game_id: int) -> JsonRecord:
    record = access.access_current_record(viewer_for(request, game_id))
    if record is None:
        raise HttpError(404, "No record yet: the game has not started.")
    return record


@api.get(
    "/games/{game_id}/records/{ordinal}",
    response=answers(JsonRecord, *READ),
    summary="A past record",
    openapi_extra={"responses": {200: RECORD_ANSWER}},
)
def my_record_at(request: HttpRequest, game_id: int, ordinal: int) -> JsonRecord:
    """As the history page shows it: the phase as its adjudication told it (a
    later board edit is in the current record, never in a past one's)."""
    return access.access_history_at(viewer_for(request, game_id), ordinal)


@api.get(
    "/games/{game_id}/map",
    summary="My current map (PNG)",
    response=answers(None, *READ),
    openapi_extra={"responses": {200: {"description": "OK", "content": PNG}}},
)
def my_map(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = viewer_for(request, game_id)
    record = access.access_current_record(viewer)
    if record is None:
        raise HttpError(404, "No map yet: the game has not started.")
    return maps_adapter.png_response(record, viewer.game.name, latest=True)


@api.post(
    "/games/{game_id}/orders",
    response=answers(OrdersOut, *WRITE),
    summary="Replace my orders for the open phase",
)
def submit_orders(request: HttpRequest, game_id: int, body: OrdersIn) -> Status[object]:
    viewer = player_for(request, game_id)
    phase = open_phase_named(viewer, body.phase)
    given = PlayerInput(
        lines=tuple(body.orders),
        retreat_lists=body.retreat_lists,
        adjustment_lines=tuple(body.adjustment_lines),
    )
    sheet = actions.submit_orders(phase, request.user, viewer.power, given)
    return Status(200, sheets.sheet_out(viewer, phase, sheet))


@api.get(
    "/games/{game_id}/orders",
    response=answers(SheetOut, *PLAYER_READ),
    summary="My saved orders for the open phase, my ready flag and what is owed",
)
def my_orders(request: HttpRequest, game_id: int) -> dict[str, object]:
    """The sheet as the player saved it (the same shape a POST answers), from
    their own sheet and record only; a read token may read it."""
    viewer = viewer_for(request, game_id)
    phase = sheets.ordering_phase(viewer)
    return sheets.sheet_out(viewer, phase, access.access_own_orders(viewer, phase))


@api.get(
    "/games/{game_id}/options",
    response=answers(OptionsOut, *PLAYER_READ),
    summary="Every order each of my units may be given this phase",
)
def my_options(request: HttpRequest, game_id: int) -> dict[str, object]:
    """From my own record and the public map only, as the web's menus offer them."""
    viewer = viewer_for(request, game_id)
    phase = sheets.ordering_phase(viewer)
    return options.options_out(viewer, phase)


@api.post(
    "/games/{game_id}/check",
    response=answers(list[LineOut], 404, 422),
    summary="Check order lines",
)
def check_orders(request: HttpRequest, game_id: int, body: CheckIn) -> list[dict[str, object]]:
    """Each line judged as the web's checker and ``POST .../orders`` judge it:
    read against the map and my own units, then by the rules in every world
    my own record cannot tell apart (games/order_entry/rules_check.py)."""
    viewer = viewer_for(request, game_id)
    phase = access.access_open_phase(viewer)
    if not viewer.is_player or phase is None:
        raise HttpError(404, "No orders to check")
    knowledge = access.access_current_knowledge(viewer)
    units = order_entry.orderable_units(knowledge, viewer.power, phase.kind)
    board = gateway.board(viewer.game.preset)
    side = order_entry.own_side(knowledge, viewer.power, phase.kind)
    checked = order_entry.check_lines(board, body.text, units, phase.kind, side)
    return [line.as_json() for line in checked[:MAX_CHECK_LINES]]


@api.post(
    "/games/{game_id}/ready", response=answers(ReadyOut, *WRITE), summary="Say I am ready (or not)"
)
def set_ready(request: HttpRequest, game_id: int, body: ReadyIn) -> dict[str, object]:
    viewer = player_for(request, game_id)
    phase = open_phase_named(viewer, body.phase)
    actions.set_ready(phase, request.user, viewer.power, body.ready)
    return {"phase": phase.name, "ready": body.ready}
