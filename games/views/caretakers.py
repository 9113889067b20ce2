"""The caretaker on the pages: the console gives it a seat or starts a game with
it in every empty one; anyone signed in may practise against caretakers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import access, actions
from games.access import Viewer
from games.actions.caretakers import PRACTICE_GAMES_A_DAY, PRACTICE_GAMES_AT_ONCE
from games.forms.caretakers import CaretakerForm, PracticeForm
from games.views.decorators import game_master_action


@game_master_action
def care_for_seat(request: HttpRequest, viewer: Viewer) -> str:
    form = CaretakerForm(request.POST, powers=viewer.game.powers)
    if not form.is_valid():
        raise actions.ActionError("Choose the power the caretaker is to play.")
    power = form.cleaned_data["power"]
    actions.care_for_seat(viewer.game, request.user, power)
    return f"The caretaker plays {power.title()}: it orders from {power.title()}'s record alone."


@game_master_action
def start_with_caretakers(request: HttpRequest, viewer: Viewer) -> str:
    phase = actions.start_with_caretakers(viewer.game, request.user)
    return f"The game has started, the caretaker in every empty seat: {phase.label}."


@login_required
def practice(request: HttpRequest) -> HttpResponse:
    """Play against caretakers: one person, the caretaker in every other seat."""
    form = PracticeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = actions.start_practice_game(request.user, data["preset"], data["power"])
        except actions.ActionError as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(request, f"{game.name} has started: the caretakers play the others.")
            return redirect("game", game.pk)
    allowance = {"at_once": PRACTICE_GAMES_AT_ONCE, "a_day": PRACTICE_GAMES_A_DAY}
    return render(request, "games/practice.html", {"form": form, **allowance})


@login_required
@require_POST
def end_practice(request: HttpRequest, game_id: int) -> HttpResponse:
    """The person playing a practice game ends it (nobody else may)."""
    viewer = access.access_game(request.user, game_id)
    try:
        actions.end_practice_game(viewer.game, request.user)
    except actions.ActionError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, f"{viewer.game.name} has ended.")
    return redirect("game", game_id)
