"""Email pages for people: their own settings, and a game master's outbox (game or battle)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt

from postoffice.actions import (
    email_settings_of,
    save_email_settings,
    turn_off_optional_mail,
)
from postoffice.forms import EmailSettingsForm
from postoffice.models import OutboxMessage
from postoffice.unsubscribe import BadUnsubscribeLink, read_unsubscribe_token


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
