"""Email pages for people: their own settings, and a game master's outbox (game or battle)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.access import access_game_as_master
from games.battles.access import access_battle_as_master
from games.mail.actions import (
    email_settings_of,
    retry_failed_battle_messages,
    retry_failed_messages,
    save_email_settings,
    turn_off_optional_mail,
)
from games.mail.forms import EmailSettingsForm
from games.mail.models import OutboxMessage
from games.mail.unsubscribe import BadUnsubscribeLink, read_unsubscribe_token


@login_required
def email_settings(request: HttpRequest) -> HttpResponse:
    current = email_settings_of(request.user)
    form = EmailSettingsForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        save_email_settings(request.user, form)
        messages.success(request, "Your email settings are saved.")
        return redirect("email_settings")
    return render(request, "mail/settings.html", {"form": form, "current": current})


@csrf_exempt  # the signed token is the credential; mail clients post without a form
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    try:
        user = read_unsubscribe_token(token)
    except BadUnsubscribeLink as bad:
        return render(request, "mail/unsubscribe.html", {"error": str(bad)}, status=400)
    if request.method == "POST":
        turn_off_optional_mail(user)
        return render(request, "mail/unsubscribe.html", {"done": True, "person": user})
    return render(request, "mail/unsubscribe.html", {"person": user})


@login_required
def game_outbox(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every message of the game and how it went: the game master only."""
    viewer = access_game_as_master(request.user, game_id)
    rows = OutboxMessage.objects.filter(game=viewer.game).select_related("phase")
    back = reverse("console", args=[game_id])
    retry = reverse("game_outbox_retry", args=[game_id])
    return render_outbox(request, viewer.game.name, rows, back, retry)


def render_outbox(
    request: HttpRequest, name: str, rows: QuerySet[OutboxMessage], back: str, retry: str
) -> HttpResponse:
    failed = rows.filter(status=OutboxMessage.Status.FAILED).count()
    context = {
        "name": name,
        "rows": rows.order_by("-created", "-id"),
        "failed": failed,
        "back_url": back,
        "retry_url": retry,
    }
    return render(request, "mail/outbox.html", context)


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


@login_required
@require_POST
def retry_outbox(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access_game_as_master(request.user, game_id)
    count = retry_failed_messages(viewer.game, request.user)
    messages.success(request, f"{count} failed message(s) will be sent again.")
    return redirect("game_outbox", game_id)
