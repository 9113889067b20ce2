"""Proposing a draw or a concession and voting on it, from the game page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games import access, actions
from games.actions.votes import vote_recorded
from games.views import phase_guard


@login_required
@require_POST
def propose(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    conceded_to = request.POST.get("conceded_to", "").strip().upper()
    stale = phase_guard.moved_on(request, access.access_open_phase(viewer))
    if stale and viewer.is_player:
        messages.error(request, f"{stale} Nothing was proposed: look at the new phase first.")
        return redirect("game", game_id)
    if not request.POST.get("confirm"):
        messages.error(request, "Tick the box to confirm the proposal: it is put to every power.")
        return redirect("game", game_id)
    try:
        if request.POST.get("kind") == "concession":
            proposal = actions.propose_concession(
                viewer.game, request.user, viewer.power, conceded_to
            )
        else:
            proposal = actions.propose_draw(viewer.game, request.user, viewer.power)
    except actions.ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"You proposed {proposal.describe()} and voted yes.")
    return redirect("game", game_id)


@login_required
@require_POST
def vote(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    answer = request.POST.get("vote", "")
    if answer not in ("yes", "no"):
        messages.error(request, 'Vote "yes" or "no".')
        return redirect("game", game_id)
    stale = phase_guard.moved_on(request, access.access_open_phase(viewer))
    if stale and viewer.is_player:
        messages.error(request, f"{stale} Your vote was not recorded: look at the new phase first.")
        return redirect("game", game_id)
    try:
        actions.vote(viewer.game, request.user, viewer.power, answer == "yes")
    except actions.ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, vote_recorded(viewer.game, answer == "yes"))
    return redirect("game", game_id)
