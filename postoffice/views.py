"""The dev mailbox: read, in the browser, the email FogDip wrote to files.

Shown only with DEBUG on (a laptop), and only when email goes to files;
anywhere else it answers 404, to staff too: the files hold every power's
mail, and no one on a real site may read another power's mail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from csp.decorators import csp_update
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.clickjacking import xframe_options_sameorigin

from postoffice.mailbox import StoredMessage, html_with_images, parse, read_messages
from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message

FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
# Email bodies carry their styles inline, as email clients need; these dev and
# staff pages show them in a sandboxed frame, so they allow inline styles only.
EMAIL_STYLES = {"style-src": ["'unsafe-inline'"]}
MailView = TypeVar("MailView", bound=Callable[..., HttpResponse])


def allow_email_styles(**directives: list[str]) -> Callable[[MailView], MailView]:
    def decorator(view: MailView) -> MailView:
        return cast(MailView, csp_update({**EMAIL_STYLES, **directives})(view))

    return decorator


def _check_allowed(request: HttpRequest) -> None:
    if not settings.DEBUG or settings.EMAIL_BACKEND != FILE_BACKEND:
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
@allow_email_styles(**{"frame-ancestors": ["'self'"]})
def message_html(request: HttpRequest, key: str) -> HttpResponse:
    """The HTML body alone, for the mailbox page's sandboxed frame."""
    _check_allowed(request)
    return HttpResponse(html_with_images(_find(key)))


@allow_email_styles()
def preview(request: HttpRequest, message_id: int) -> HttpResponse:
    """Any outbox message exactly as it will be sent, without sending it."""
    if not (settings.DEBUG or request.user.is_staff):
        raise Http404("No previews here")
    message = get_object_or_404(OutboxMessage, pk=message_id)
    email = outgoing_message(message)
    stored = parse(f"preview-{message_id}", email.message().as_bytes())
    return render(
        request, "mail/preview.html", {"stored": stored, "html": html_with_images(stored)}
    )
