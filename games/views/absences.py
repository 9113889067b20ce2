"""Absences on the web: a player declares one on the game page; the game
master refuses one on the console."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_POST

from games import access, actions
from games.access import Viewer
from games.actions.absences import (
    absence_effect,
    declare_absence,
    refuse_absence,
    withdraw_absence,
)
from games.forms.seats import AbsenceForm
from games.views.decorators import game_master_action
from games.views.play import render_game


@login_required
@require_POST
def declare(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    form = AbsenceForm(request.POST)
    if not viewer.is_player:
        messages.error(request, "Only a player of this game can declare an absence.")
        return redirect("game", game_id)
    if form.is_valid():
        try:
            declare_for(viewer, form)
        except actions.ActionError as error:
            form.add_error(None, str(error))
    if form.errors:
        return render_game(request, viewer, absence_form=form)
    messages.success(request, f"Your absence is noted: {absence_effect(viewer.game)}.")
    return redirect("game", game_id)


def declare_for(viewer: Viewer, form: AbsenceForm) -> None:
    """The dates are days in the game's time zone, and so is today."""
    game = viewer.game
    today = timezone.now().astimezone(game.clock().tz).date()
    data = form.cleaned_data
    declare_absence(game, viewer.user, viewer.power, data["first_day"], data["last_day"], today)


@login_required
@require_POST
def withdraw(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player takes back one of their own absences."""
    viewer = access.access_game(request.user, game_id)
    absence_id = request.POST.get("absence", "")
    if not viewer.is_player:
        messages.error(request, "Only a player of this game has absences to withdraw.")
    elif not (absence_id.isascii() and absence_id.isdecimal() and len(absence_id) <= 9):
        messages.error(request, "Choose the absence to withdraw.")
    else:
        try:
            withdraw_absence(viewer.game, request.user, viewer.power, int(absence_id))
        except actions.ActionError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, "Your absence is withdrawn.")
    return redirect("game", game_id)


@game_master_action
def refuse(request: HttpRequest, viewer: Viewer) -> str:
    absence_id = request.POST.get("absence", "")
    if not (absence_id.isascii() and absence_id.isdecimal() and len(absence_id) <= 9):
        raise actions.ActionError("Choose the absence to refuse.")
    absence = refuse_absence(viewer.game, request.user, int(absence_id))
    return f"The absence of {absence.power.title()} from {absence.first_day} is refused."
