"""The dev mailbox: read, in the browser, the email FogDip wrote to files.

Shown only with DEBUG on (a laptop) or to staff, and only when email goes to
files; anywhere else it answers 404, so it can never expose real mail.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.clickjacking import xframe_options_sameorigin

from games.mail.compose import build_message
from games.mail.content import build_draft
from games.mail.mailbox import StoredMessage, html_with_images, parse, read_messages
from games.mail.models import OutboxMessage

FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"


def _check_allowed(request: HttpRequest) -> None:
    allowed = settings.DEBUG or request.user.is_staff
    if not allowed or settings.EMAIL_BACKEND != FILE_BACKEND:
        raise Http404("No local mailbox here")


def _find(key: str) -> StoredMessage:
    for message in read_messages(settings.EMAIL_FILE_PATH):
        if message.key == key:
            return message
    raise Http404("No such message")


def mailbox(request: HttpRequest) -> HttpResponse:
    _check_allowed(request)
    messages = read_messages(settings.EMAIL_FILE_PATH)
    selected = _find(request.GET["m"]) if request.GET.get("m") else None
    context = {"mail": messages, "selected": selected or (messages[0] if messages else None)}
    return render(request, "mail/mailbox.html", context)


@xframe_options_sameorigin
def message_html(request: HttpRequest, key: str) -> HttpResponse:
    """The HTML body alone, for the mailbox page's sandboxed frame."""
    _check_allowed(request)
    return HttpResponse(html_with_images(_find(key)))


def preview(request: HttpRequest, message_id: int) -> HttpResponse:
    """Any outbox message exactly as it will be sent, without sending it."""
    if not (settings.DEBUG or request.user.is_staff):
        raise Http404("No previews here")
    message = get_object_or_404(OutboxMessage, pk=message_id)
    email = build_message(build_draft(message))
    stored = parse(f"preview-{message_id}", email.message().as_bytes())
    return render(
        request, "mail/preview.html", {"stored": stored, "html": html_with_images(stored)}
    )
