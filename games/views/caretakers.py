"""The caretaker on the pages: the console gives it a seat or starts a game with
it in every empty one; anyone signed in may practise against caretakers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from games import actions
from games.access import Viewer
from games.api.forms import CaretakerForm, PracticeForm
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
    return render(request, "games/practice.html", {"form": form})
