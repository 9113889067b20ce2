"""Creating a game and joining one: by join link or by invitation."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.middleware import user_time_zone
from accounts.verification import is_confirmed
from games import actions, gateway
from games.access import access_game
from games.forms.new_game import GameForm
from games.forms.seats import JoinForm, SetupChoiceForm
from games.models import Game, Invitation
from games.order_entry import setup_picks
from games.views.invitations import invitation_context


@login_required
def create_game(request: HttpRequest) -> HttpResponse:
    form = GameForm(
        request.POST if request.method == "POST" else None,
        initial={"time_zone": _time_zone(request)},
    )
    if request.method == "POST" and form.is_valid():
        game = actions.create_game(request.user, **form.action_fields())
        messages.success(request, f"{game.name} is created. Invite players, then start it.")
        return redirect("console", game.pk)
    return render(request, "games/create.html", {"form": form})


def _time_zone(request: HttpRequest) -> str:
    return user_time_zone(request)


@login_required
def join_by_link(request: HttpRequest, token: str) -> HttpResponse:
    game = get_object_or_404(Game, join_token=token)
    return _join_page(request, game, None)


@login_required
def join_by_invitation(request: HttpRequest, token: str) -> HttpResponse:
    invitation = get_object_or_404(Invitation.objects.select_related("game"), token=token)
    return _join_page(request, invitation.game, invitation)


# A seat by the public link (from the lobby) asks what an open seat asks: an
# address that email can reach (an invitation checks its own address).
UNCONFIRMED = "Confirm your email address before joining: game email goes only to a confirmed one."


def _join_page(request: HttpRequest, game: Game, invitation: Invitation | None) -> HttpResponse:
    form = JoinForm(request.POST if request.method == "POST" else None, powers=game.powers)
    unconfirmed = invitation is None and not is_confirmed(request.user)
    if request.method == "POST" and form.is_valid() and unconfirmed:
        form.add_error(None, UNCONFIRMED)
    elif request.method == "POST" and form.is_valid():
        try:
            if invitation is not None:
                actions.join_by_invitation(invitation, request.user, form.preferences())
            else:
                actions.join(game, request.user, form.preferences())
        except actions.ActionError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"You have joined {game.name}.")
            return redirect("game", game.pk)
    context = {"game": game, "form": form, "invitation": invitation, "unconfirmed": unconfirmed}
    if invitation is not None:
        context.update(invitation_context(invitation, request.user))
    return render(request, "games/join.html", context)


@login_required
def setup_choice(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access_game(request.user, game_id)
    seat = viewer.game.seat_of(request.user)
    picks = setup_picks(gateway.board(viewer.game.preset))
    form = SetupChoiceForm(request.POST if request.method == "POST" else None, picks=picks)
    if seat is not None and request.method == "POST" and form.is_valid():
        try:
            actions.set_setup_choice(seat, request.user, form.cleaned_data["choice"])
            messages.success(request, "Your first unit is chosen.")
        except actions.ActionError as error:
            messages.error(request, str(error))
    return redirect("game", game_id)
