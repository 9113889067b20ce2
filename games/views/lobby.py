"""The lobby: games still forming, and games under way with a seat open;
taking an open seat; and a player leaving their game."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import access, actions, listings
from games.forms.seats import LeaveForm, TakeSeatForm
from games.lobby_filters import MAX_HOURS, MAX_PLACES, LobbyFilters, choice, number
from games.models import Game, Preset, PressMode
from standing.gate import figures_of
from standing.models import Figures


def lobby(request: HttpRequest) -> HttpResponse:
    filters, problems = read_filters(request)
    for problem in problems:
        messages.error(request, problem)
    forming, under_way = listings.lobby_games(filters)
    context = {
        "forming": forming,
        "under_way": under_way,
        "filters": filters,
        "presets": Preset.choices,
        "press_modes": PressMode.choices,
        "standing": lobby_standing(request),
    }
    return render(request, "games/lobby.html", context)


def read_filters(request: HttpRequest) -> tuple[LobbyFilters, list[str]]:
    """The lobby's filters from the query string; each value that cannot be
    read is named and its filter left off."""
    readers = {
        "preset": lambda v: choice(v, Preset, "rule set"),
        "press": lambda v: choice(v, PressMode, "press rule"),
        "max_hours": lambda v: number(v, "longest deadline in hours", 1, MAX_HOURS),
        "places": lambda v: number(v, "number of places", 1, MAX_PLACES),
        "min_reliability": lambda v: number(v, "reliability asked", 0, 100),
        "min_rating": lambda v: number(v, "rating asked", -100, 100),
    }
    given = {
        "preset": request.GET.get("rules", ""),
        "press": request.GET.get("press", ""),
        "max_hours": request.GET.get("hours", ""),
        "places": request.GET.get("places", ""),
        "min_reliability": request.GET.get("reliability", ""),
        "min_rating": request.GET.get("rating", ""),
    }
    chosen: dict[str, Any] = {}
    problems = []
    for name, value in given.items():
        try:
            chosen[name] = readers[name](value.strip())
        except ValueError as error:
            problems.append(str(error))
    return LobbyFilters(**{k: v for k, v in chosen.items() if v not in ("", None)}), problems


def lobby_standing(request: HttpRequest) -> Figures | None:
    """The signed-in viewer's own figures, to set beside each game's minimum."""
    if not request.user.is_authenticated:
        return None
    return figures_of(request.user.pk)


@login_required
@require_POST
def take_seat(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id, in_lobby=True)
    form = TakeSeatForm(request.POST)
    try:
        if not form.is_valid():
            raise actions.ActionError("Choose a seat to take.")
        power = form.cleaned_data["power"].strip().upper()
        actions.take_seat(game, request.user, power)
    except actions.ActionError as error:
        messages.error(request, str(error))
        return redirect("lobby")
    messages.success(request, f"You now play {power.title()}: the catch-up email is on its way.")
    return redirect("game", game.pk)


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    form = LeaveForm(request.POST)
    try:
        if not form.is_valid():
            raise actions.ActionError(form.errors["confirm"][0])
        actions.leave_game(viewer.game, request.user)
    except actions.ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"You have left {viewer.game.name}.")
    return redirect("game", game_id)


@login_required
def games_to_watch(request: HttpRequest) -> HttpResponse:
    """Games anyone signed in may follow as an observer does."""
    games = listings.games_to_watch()
    return render(request, "games/watch.html", {"games": games})
