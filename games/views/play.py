"""A player's pages: the game (map, report, orders, ready), the live order
check, and the history. Everything shown comes from the viewer's own
knowledge records through games.access; nothing reads the true board."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_POST

from adjudication.record import Knowledge, parse_optional, parse_record
from adjudication.vocabulary import OBSERVER
from common import limits
from common.text import without_unstorable
from games import access, actions, gateway, maps_adapter, order_entry
from games.access import Viewer
from games.actions.orders import OrdersInvalid
from games.forms.orders import OrdersForm
from games.forms.seats import AbsenceForm, SetupChoiceForm
from games.models import Game, OrderSheet, Phase
from games.order_entry.bounds import MAX_LINES, MAX_LIST_CHARS, MAX_TEXT_CHARS
from games.press import conversations
from games.views import phase_guard, pieces
from games.views.results import Lead, lead_report, report_title

MAX_CHECK_LINES = 60
# The open phase's press beside the map: the newest few, the rest on the press page.
PHASE_PRESS_SHOWN = 8
# Phases on one page of history: a long game's history costs one page, not all of it.
HISTORY_PAGE_SIZE = 20


def record_context(
    viewer: Viewer, knowledge: Knowledge | None, power: str | None
) -> dict[str, Any]:
    """What a template needs to show one record: the units, centres and report."""
    if knowledge is None:
        return {"record": None}
    return {
        "record": knowledge,
        "power": power,
        "unit_rows": sorted(knowledge.units.items()),
        # Dislodged units are drawn on the map, so the table lists them too.
        "dislodged_rows": dislodged_rows(knowledge),
        "centre_rows": sorted(knowledge.centers.items()),
        "map_url": maps_adapter.map_url(viewer.game.pk, None, power),
        "report_title": report_title(viewer.game.preset, knowledge.phase),
    }


def dislodged_rows(knowledge: Knowledge) -> list[tuple[str, list[str]]]:
    """The record's dislodged units by owner, as the units table lists them."""
    owners = sorted({entry.power for entry in knowledge.dislodged})
    return [(owner, [d.unit for d in knowledge.dislodged_of(owner)]) for owner in owners]


@login_required
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game_to_watch(request.user, game_id)
    if viewer.is_game_master:
        return redirect("console", game_id)
    return render_game(request, viewer)


def render_game(
    request: HttpRequest,
    viewer: Viewer,
    form: OrdersForm | None = None,
    checked: list[order_entry.CheckedLine] | None = None,
    absence_form: AbsenceForm | None = None,
    unsaved: list[str] | None = None,
) -> HttpResponse:
    turn = access.access_turn(viewer)
    phase, sheet = turn.phase, turn.sheet
    record = access.access_current_record(viewer)
    knowledge = parse_optional(record)
    orders_open = can_order(viewer, phase)
    lead = lead_context(viewer, knowledge)
    # A page answering a form (refused, checked or from a phase gone) is drawn afresh.
    plain = form is None and checked is None and unsaved is None
    if orders_open and form is None and phase is not None:
        form = blank_orders_form(viewer, phase, knowledge, sheet, unsaved)
    context = {
        "game": viewer.game,
        "viewer": viewer,
        "phase": phase,
        "orders_open": orders_open,
        "form": form if orders_open else None,
        "checked": checked or [],
        "sheet": sheet,
        "readiness": access.access_readiness(viewer, phase) if phase else None,
        # Who has joined is shown only while the game forms.
        "seats": access.access_seats(viewer) if game_forming(viewer) else [],
        "setup_form": setup_form(viewer),
        "vote": access.access_vote(viewer),
        "absences": access.access_own_absences(viewer),
        "absence_form": absence_form or AbsenceForm(),
        # An empty absence form shows no one's anything: one piece for every page.
        "absence_key": None if absence_form else "blank",
        "replay_open": access.replay_open(viewer),
        # What the rule set publishes of the centres: said to those who watch.
        "public_centres": None if viewer.is_player else access.access_public_centres(viewer),
        "phase_id": phase_guard.open_id(phase),
        "unsaved": unsaved or [],
        "nothing_to_order": orders_open and nothing_to_order(viewer, phase, knowledge),
        "orders_url": reverse("game_orders", args=[viewer.game.pk]),
        "check_url": reverse("game_orders_check", args=[viewer.game.pk]),
        **map_orders_context(viewer, phase, knowledge, viewer.power),
        "unread": turn.unread,
        "phase_press": conversations.access_phase_press(viewer, phase, PHASE_PRESS_SHOWN),
        "poll_seconds": settings.LIVE_POLL_SECONDS,
        **lead,
        **record_context(viewer, knowledge, None),
        "piece_key": plain_piece_key(plain, viewer, phase, record, sheet, lead["lead"]),
    }
    return render(
        request, "games/game.html", context, status=page_status(checked, absence_form, unsaved)
    )


def plain_piece_key(
    plain: bool,
    viewer: Viewer,
    phase: Phase | None,
    record: dict[str, Any] | None,
    sheet: OrderSheet | None,
    lead: Lead | None,
) -> str | None:
    """The key the page's record and order form are kept under (games/views/pieces.py)."""
    if not plain:
        return None
    return pieces.piece_key(viewer, phase, record, sheet, lead.ordinal if lead else None)


def map_orders_context(
    viewer: Viewer, phase: Phase | None, knowledge: Knowledge | None, power: str
) -> dict[str, Any]:
    """Whose orders the map writes, and in an adjustment phase the builds or
    removals that power's own record allows (the map offers only those)."""
    adjustments: list[str] = []
    if phase is not None and phase.kind == "A":
        board = gateway.board(viewer.game.preset)
        adjustments = order_entry.adjustment_choices(board, knowledge, power)
    return {"orders_power": power, "map_adjustments": adjustments}


def nothing_to_order(viewer: Viewer, phase: Phase | None, knowledge: Knowledge | None) -> bool:
    """Whether the player's own record leaves it nothing to decide this phase."""
    kind = phase.kind if phase else "M"
    return not order_entry.has_something_to_order(knowledge, viewer.power, kind)


def lead_context(viewer: Viewer, knowledge: Knowledge | None) -> dict[str, Any]:
    """The season's results the page leads with, when the latest report is quiet."""
    lead = lead_report(viewer, knowledge)
    if lead is None:
        return {"lead": None}
    return {"lead": lead, "lead_map_url": maps_adapter.map_url(viewer.game.pk, lead.ordinal, None)}


def page_status(
    checked: list[order_entry.CheckedLine] | None,
    absence_form: AbsenceForm | None,
    unsaved: list[str] | None,
) -> int:
    """409 for a form made for a phase that has moved on, 400 for one refused."""
    if unsaved is not None:
        return 409
    failed = checked or (absence_form is not None and absence_form.errors)
    return 400 if failed else 200


def can_order(viewer: Viewer, phase: Phase | None) -> bool:
    return (
        viewer.is_player
        and phase is not None
        and phase.status == Phase.Status.OPEN
        and viewer.game.status == Game.Status.ACTIVE
    )


def game_forming(viewer: Viewer) -> bool:
    return viewer.game.status == Game.Status.FORMING


def setup_form(viewer: Viewer) -> SetupChoiceForm | None:
    """The 1898 start's unit choice, while the game is forming."""
    game = viewer.game
    if game.start_year != 1898 or game.status != Game.Status.FORMING:
        return None
    seat = game.seat_of(viewer.user)
    if seat is None:
        return None
    picks = order_entry.setup_picks(gateway.board(game.preset))
    return SetupChoiceForm(initial={"choice": seat.setup_choice or "A"}, picks=picks)


def blank_orders_form(
    viewer: Viewer,
    phase: Phase,
    knowledge: Knowledge | None,
    sheet: OrderSheet | None,
    unsaved: list[str] | None,
) -> OrdersForm:
    """The page's form from the saved sheet, built only if the page reads it:
    a kept order form piece (games/views/pieces.py) needs none."""
    if not unsaved:
        return FormWhenRead(lambda: orders_form(viewer, phase, knowledge, None, sheet))  # type: ignore[return-value]
    form = orders_form(viewer, phase, knowledge, None, sheet)
    form.initial["typed"] = "\n".join(unsaved)
    return form


class FormWhenRead(SimpleLazyObject):
    """A form built on its first reading. A form is always true, so asking
    whether there is one does not build it."""

    def __bool__(self) -> bool:
        return True


def orders_form(
    viewer: Viewer,
    phase: Phase,
    knowledge: Knowledge | None,
    data: Any,
    sheet: OrderSheet | None,
    power: str | None = None,
) -> OrdersForm:
    """The form for a phase, filled from ``sheet``: the saved orders of the
    player's power (or of ``power``, which the game master orders for)."""
    power = power or viewer.power
    given = list(sheet.parsed) if sheet else []
    board = gateway.board(viewer.game.preset)
    rows = order_entry.order_rows(board, knowledge, power, phase.kind, given)
    in_rows = {initial for _, initial, _ in rows}
    typed = "\n".join(order for order in given if order not in in_rows)
    form = OrdersForm(rows, data, initial={"typed": typed})
    if phase.kind == "M" and gateway.orders_in_advance(viewer.game.preset):
        units = order_entry.orderable_units(knowledge, power, "M")
        form.add_advance_fields(units, phase.name.startswith("F"), sheet.extras if sheet else {})
    return form


@login_required
@require_POST
def submit_orders(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    turn = access.access_turn(viewer)
    phase, sheet = turn.phase, turn.sheet
    stale = phase_guard.moved_on(request, phase)
    if stale and viewer.is_player:
        messages.error(request, f"{stale} Your orders were not saved; they are in the box below.")
        return render_game(request, viewer, unsaved=posted_orders(request))
    if not can_order(viewer, phase) or phase is None:
        messages.error(request, "Orders cannot be given now.")
        return redirect("game", game_id)
    knowledge = access.access_current_knowledge(viewer)
    form = orders_form(viewer, phase, knowledge, request.POST, sheet)
    if not form.is_valid():
        return render_game(request, viewer, form)
    try:
        actions.submit_orders(phase, request.user, viewer.power, form.player_input())
    except OrdersInvalid as error:
        messages.error(request, str(error))
        return render_game(request, viewer, form, error.checked)
    except actions.ActionError as error:
        messages.error(request, str(error))
        return redirect("game", game_id)
    messages.success(request, "Orders saved. You can change them until the deadline.")
    return redirect("game", game_id)


def posted_orders(request: HttpRequest) -> list[str]:
    """Every line a refused order form carried, menu picks first, as typed:
    as many as a sheet may hold, each cut to a line's bound (what comes back
    is bounded as what is read is)."""
    rows = sorted((name for name in request.POST if name.startswith("row_")), key=row_number)
    picks = [request.POST.get(name, "") for name in rows]
    typed = request.POST.get("typed", "")[:MAX_TEXT_CHARS].splitlines()
    lists = [request.POST.get(name, "") for name in request.POST if name.startswith("retreat_")]
    adjustments = request.POST.get("adjustments", "")[:MAX_TEXT_CHARS].splitlines()
    given = [*picks, *typed, *lists, *adjustments]
    lines = [line.strip()[:MAX_LIST_CHARS] for line in given if line.strip()]
    return [without_unstorable(line) for line in lines[:MAX_LINES]]


def row_number(name: str) -> int:
    """``row_3`` -> 3, so that row 10 comes after row 9."""
    number = name.removeprefix("row_")
    return int(number) if number.isdigit() else 0


@login_required
@require_POST
@limits.limit_posts(limits.ORDER_CHECK)
def check_orders(request: HttpRequest, game_id: int) -> JsonResponse:
    """Read typed lines against the map and the player's own units only."""
    viewer = access.access_game(request.user, game_id)
    phase = access.access_open_phase(viewer)
    if not viewer.is_player or phase is None:
        raise Http404("No orders to check")
    knowledge = access.access_current_knowledge(viewer)
    return checked_lines(viewer, phase, knowledge, viewer.power, posted_text(request))


def checked_lines(
    viewer: Viewer, phase: Phase, knowledge: Knowledge | None, power: str, text: str
) -> JsonResponse:
    """The live check's answer: each line read against the map and ``power``'s
    own record only (the player's, or the one the game master orders for)."""
    if problem := order_entry.text_problem(text):  # before a line is read
        return JsonResponse({"error": problem}, status=400)
    units = order_entry.orderable_units(knowledge, power, phase.kind)
    board = gateway.board(viewer.game.preset)
    side = order_entry.own_side(knowledge, power, phase.kind)
    checked = order_entry.check_lines(board, text, units, phase.kind, side)[:MAX_CHECK_LINES]
    return JsonResponse({"lines": [line.as_json() for line in checked]})


def posted_text(request: HttpRequest) -> str:
    if request.content_type == "application/json":
        try:
            return str(json.loads(request.body or b"{}").get("text", ""))
        except (ValueError, AttributeError):
            return ""
    return request.POST.get("text", "")


@login_required
@require_POST
def set_ready(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    phase = access.access_open_phase(viewer)
    stale = phase_guard.moved_on(request, phase)
    if stale and viewer.is_player:
        messages.error(request, f"{stale} You were not marked ready: look at the new phase first.")
        return redirect("game", game_id)
    if not can_order(viewer, phase) or phase is None:
        messages.error(request, "This phase is closed.")
        return redirect("game", game_id)
    ready = request.POST.get("ready") == "on"
    try:
        actions.set_ready(phase, request.user, viewer.power, ready)
    except actions.ActionError as error:
        messages.error(request, str(error))
    return redirect("game", game_id)


@login_required
def history(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game_to_watch(request.user, game_id)
    power = history_power(request, viewer)
    records = access.access_history(viewer, power).order_by("-ordinal")
    page = Paginator(records, HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"game": viewer.game, "viewer": viewer, "records": page, "power": power}
    context["unfogged"] = access.unfogged(viewer)
    return render(request, "games/history.html", context)


def history_power(request: HttpRequest, viewer: Viewer) -> str | None:
    """Whose history to show: ?power= for the game master or an unfogged game."""
    wanted = request.GET.get("power")
    return None if wanted is None else ("" if wanted == "ALL" else wanted)


@login_required
def history_phase(request: HttpRequest, game_id: int, ordinal: int) -> HttpResponse:
    viewer = access.access_game_to_watch(request.user, game_id)
    power = history_power(request, viewer)
    knowledge = parse_record(access.access_history_at(viewer, ordinal, power))
    shown = access.record_key(viewer, power)
    context = {"game": viewer.game, "viewer": viewer, "ordinal": ordinal}
    context.update(record_context(viewer, knowledge, shown))
    context["map_url"] = maps_adapter.map_url(viewer.game.pk, ordinal, shown)
    return render(request, "games/history_phase.html", context)


@login_required
def game_map(request: HttpRequest, game_id: int, ordinal: int | None = None) -> HttpResponse:
    """The picture of one record: the viewer's own unless they may see another."""
    viewer = access.access_game_to_watch(request.user, game_id)
    power = history_power(request, viewer)
    if ordinal is None:
        record = access.access_current_record(viewer, power)
    else:
        record = access.access_history_at(viewer, ordinal, power)
    if record is None:
        raise Http404("No map yet")
    if access.record_key(viewer, power) == OBSERVER:
        record = maps_adapter.for_observer(record)
    # The pages set the legend beside the picture (games/map_legend.py).
    return maps_adapter.png_response(record, viewer.game.name, latest=ordinal is None, legend=False)
