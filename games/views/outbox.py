"""The game's email page: every message and how it went, for the game master."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.access import access_game_as_master
from games.actions.mail import retry_failed_messages
from postoffice.models import OutboxMessage
from postoffice.pages import render_outbox


@login_required
def game_outbox(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every message of the game and how it went: the game master only."""
    viewer = access_game_as_master(request.user, game_id)
    rows = OutboxMessage.objects.filter(game=viewer.game).select_related("phase")
    back = reverse("console", args=[game_id])
    retry = reverse("game_outbox_retry", args=[game_id])
    return render_outbox(request, viewer.game.name, rows, back, retry)


@login_required
@require_POST
def retry_outbox(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access_game_as_master(request.user, game_id)
    count = retry_failed_messages(viewer.game, request.user)
    messages.success(request, f"{count} failed message(s) will be sent again.")
    return redirect("game_outbox", game_id)
