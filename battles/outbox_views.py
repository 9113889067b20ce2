"""The battle's email page: every message and how it went, for its game master."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from battles.access import access_battle_as_master
from battles.actions.mail import retry_failed_battle_messages
from postoffice.models import OutboxMessage
from postoffice.pages import render_outbox


@login_required
def battle_outbox(request: HttpRequest, battle_id: int) -> HttpResponse:
    """Every message of the battle and how it went: its game master only."""
    viewer = access_battle_as_master(request.user, battle_id)
    rows = OutboxMessage.objects.filter(battle=viewer.battle)
    back = reverse("battle_console", args=[battle_id])
    retry = reverse("battle_outbox_retry", args=[battle_id])
    return render_outbox(request, viewer.battle.name, rows, back, retry)


@login_required
@require_POST
def retry_battle_outbox(request: HttpRequest, battle_id: int) -> HttpResponse:
    viewer = access_battle_as_master(request.user, battle_id)
    count = retry_failed_battle_messages(viewer.battle, request.user)
    messages.success(request, f"{count} failed message(s) will be sent again.")
    return redirect("battle_outbox", battle_id)
