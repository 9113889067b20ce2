"""The game master's "Orders for a power": one power chosen, then that
power's units with the same menus, map and typed box a player has, read by
the same checker from that power's own record and the map only
(docs/lifecycle.md, "Game-master tools"). Saving is the logged action
``submit_orders_for_power``; a form for a phase that has moved on is refused
and what was given comes back in the box."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from common import limits
from games import access, actions
from games.access import Viewer
from games.actions.orders import OrdersInvalid
from games.forms.orders import OrdersForm
from games.models import Game, Phase
from games.order_entry import CheckedLine
from games.views import phase_guard
from games.views.play import (
    checked_lines,
    map_orders_context,
    orders_form,
    posted_orders,
    posted_text,
    record_context,
)

NO_POWER = "Choose one of the game's powers."


@login_required
def orders_for_power(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: the chosen power's orders as saved, ready to change; POST: save them."""
    viewer = access.access_game_as_master(request.user, game_id)
    if request.method != "POST":
        wanted = request.GET.get("power", "")
        return OrdersPage(request, viewer, chosen_power(viewer, wanted)).show()
    power = request.POST.get("power", "")
    if power not in viewer.game.powers:
        messages.error(request, f"{NO_POWER} Nothing was saved; the orders are below.")
        page = OrdersPage(request, viewer, viewer.game.powers[0], posted_orders(request))
        return page.show(status=400)
    return _save(request, viewer, power)


def chosen_power(viewer: Viewer, wanted: str) -> str:
    """The power asked for, or the first of the game's powers."""
    powers = viewer.game.powers
    return wanted if wanted in powers else powers[0]


def _save(request: HttpRequest, viewer: Viewer, power: str) -> HttpResponse:
    phase = access.access_open_phase(viewer)
    stale = phase_guard.moved_on(request, phase)
    if stale or phase is None:
        why = stale or "There is no phase to give orders for."
        messages.error(request, f"{why} The orders were not saved; they are in the box below.")
        page = OrdersPage(request, viewer, power, posted_orders(request))
        return page.show(status=409 if stale else 400)
    page = OrdersPage(request, viewer, power)
    form = page.form(request.POST)
    if form is None or not form.is_valid():
        return page.show(form, status=400)
    try:
        actions.submit_orders_for_power(phase, request.user, power, form.player_input())
    except OrdersInvalid as error:
        messages.error(request, str(error))
        return page.show(form, error.checked, status=400)
    except actions.ActionError as error:
        messages.error(request, str(error))
        return page.show(form, status=400)
    messages.success(request, f"Orders saved for {power.title()}.")
    return redirect("console", viewer.game.pk)


class OrdersPage:
    """The page for one power: its record and map, its menus and typed box."""

    def __init__(
        self, request: HttpRequest, viewer: Viewer, power: str, unsaved: list[str] | None = None
    ) -> None:
        self.request, self.viewer, self.power = request, viewer, power
        self.unsaved = unsaved
        self.phase = access.access_open_phase(viewer)
        self.knowledge = access.access_current_knowledge(viewer, power)
        self.sheet = self._sheet(self.phase)

    def _sheet(self, phase: Phase | None) -> Any:
        sheets = access.access_order_sheets(self.viewer, phase) if phase else []
        return next((sheet for sheet in sheets if sheet.power == self.power), None)

    def form(self, data: Any = None) -> OrdersForm | None:
        if self.phase is None:
            return None
        form = orders_form(self.viewer, self.phase, self.knowledge, data, self.sheet, self.power)
        if self.unsaved:
            form.initial["typed"] = "\n".join(self.unsaved)
        return form

    def show(
        self,
        form: OrdersForm | None = None,
        checked: list[CheckedLine] | None = None,
        status: int = 200,
    ) -> HttpResponse:
        game = self.viewer.game
        context = {
            "game": game,
            "viewer": self.viewer,
            "phase": self.phase,
            "phase_id": phase_guard.open_id(self.phase),
            "powers": game.powers,
            "form": form or self.form(),
            "checked": checked or [],
            "sheet": self.sheet,
            "can_order": can_order(game, self.phase),
            "orders_url": reverse("console_orders", args=[game.pk]),
            "check_url": reverse("console_orders_check", args=[game.pk]) + f"?power={self.power}",
            **record_context(self.viewer, self.knowledge, self.power),
            **map_orders_context(self.viewer, self.phase, self.knowledge, self.power),
        }
        return render(self.request, "games/console_orders.html", context, status=status)


def can_order(game: Game, phase: Phase | None) -> bool:
    """Whether orders may be given now (the action checks again under its lock)."""
    running = game.status == Game.Status.ACTIVE
    return running and phase is not None and phase.status == Phase.Status.OPEN


@login_required
@require_POST
@limits.limit_posts(limits.ORDER_CHECK)
def check_orders_for_power(request: HttpRequest, game_id: int) -> JsonResponse:
    """The live check of the game master's lines for ``?power=``: the same
    reading a player's lines get, from that power's own record only."""
    viewer = access.access_game_as_master(request.user, game_id)
    power = request.GET.get("power", "")
    phase = access.access_open_phase(viewer)
    if power not in viewer.game.powers or phase is None:
        return JsonResponse({"error": NO_POWER if phase else "No phase is open."}, status=400)
    knowledge = access.access_current_knowledge(viewer, power)
    return checked_lines(viewer, phase, knowledge, power, posted_text(request))
