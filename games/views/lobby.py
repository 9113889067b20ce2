"""The lobby: games still forming, and games under way with a seat open;
taking an open seat; and a player leaving their game."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import access, actions, listings
from games.forms.seats import LeaveForm, TakeSeatForm
from games.models import Game


def lobby(request: HttpRequest) -> HttpResponse:
    forming, under_way = listings.lobby_games()
    return render(request, "games/lobby.html", {"forming": forming, "under_way": under_way})


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
