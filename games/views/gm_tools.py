"""The game master's tools, each a page of its own so that a refused form
comes back with what was typed: press from the game master, board edits and
rolling back the last adjudication (orders for a power: gm_orders.py;
docs/lifecycle.md, "Game-master tools")."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from games import access, actions
from games.access import Viewer
from games.gm_forms import BoardEditForm, GameMasterPressForm, RollbackForm
from games.press import rules as press_rules
from games.views.play import record_context


@login_required
def game_master_press(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: the form; POST: send it, or show it again with what was typed and why not."""
    viewer = access.access_game_as_master(request.user, game_id)
    powers = press_rules.powers_in_game(viewer.game)
    if request.method != "POST":
        return _press_page(request, viewer, GameMasterPressForm(powers=powers))
    form = GameMasterPressForm(request.POST, powers=powers)
    if not form.is_valid():
        return _press_page(request, viewer, form, status=400)
    data = form.cleaned_data
    try:
        actions.send_game_master_press(viewer.game, request.user, data["recipients"], data["body"])
    except actions.ActionError as error:
        messages.error(request, str(error))
        return _press_page(request, viewer, form, status=400)
    messages.success(request, "Message sent.")
    return redirect("console", viewer.game.pk)


def _press_page(
    request: HttpRequest, viewer: Viewer, form: GameMasterPressForm, status: int = 200
) -> HttpResponse:
    context = {"game": viewer.game, "form": form, "closed": press_rules.why_closed(viewer.game)}
    return render(request, "games/console_message.html", context, status=status)


@login_required
def edit_board(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: the whole board and the form; POST: make one change, or say why not."""
    viewer = access.access_game_as_master(request.user, game_id)
    powers = viewer.game.powers
    if request.method != "POST":
        return _board_page(request, viewer, BoardEditForm(powers=powers))
    form = BoardEditForm(request.POST, powers=powers)
    if not form.is_valid():
        return _board_page(request, viewer, form, status=400)
    try:
        entry = actions.edit_board(viewer.game, request.user, form.edit())
    except actions.ActionError as error:
        messages.error(request, str(error))
        return _board_page(request, viewer, form, status=400)
    messages.success(request, f"Done: {entry.detail}.")
    return redirect("console_board", viewer.game.pk)


def _board_page(
    request: HttpRequest, viewer: Viewer, form: BoardEditForm, status: int = 200
) -> HttpResponse:
    knowledge = access.access_current_knowledge(viewer, "")
    context = {
        "game": viewer.game,
        "phase": access.access_open_phase(viewer),
        "form": form,
        "full": record_context(viewer, knowledge, ""),
    }
    return render(request, "games/console_board.html", context, status=status)


@login_required
def roll_back(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: what would be rolled back, and the form; POST: roll back."""
    viewer = access.access_game_as_master(request.user, game_id)
    if request.method != "POST":
        return _rollback_page(request, viewer, RollbackForm())
    form = RollbackForm(request.POST)
    if not form.is_valid():
        return _rollback_page(request, viewer, form, status=400)
    try:
        phase = actions.roll_back(viewer.game, request.user, form.cleaned_data["deadline"])
    except actions.ActionError as error:
        messages.error(request, str(error))
        return _rollback_page(request, viewer, form, status=400)
    messages.success(request, f"{phase.label} is open again; every player has been told.")
    return redirect("console", viewer.game.pk)


def _rollback_page(
    request: HttpRequest, viewer: Viewer, form: RollbackForm, status: int = 200
) -> HttpResponse:
    phases = access.phases_without_board(viewer.game).order_by("-ordinal")
    done = next((phase for phase in phases if phase.status == "done"), None)
    context = {"game": viewer.game, "form": form, "done": done, "open": phases.first()}
    return render(request, "games/console_rollback.html", context, status=status)
