"""The console's caretaker controls: give a seat to the caretaker, or start with it."""

from __future__ import annotations

from django.http import HttpRequest

from games import actions
from games.access import Viewer
from games.api.forms import CaretakerForm
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
