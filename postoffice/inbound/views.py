"""The dev mailbox's "Reply" box: answer any message from the browser, as its
recipient, through the same handler as real mail, so the whole loop of
playing by email can be tried on a laptop. Shown where the mailbox is (DEBUG
on, file email) and nowhere else."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from postoffice.inbound.handler import handle_message
from postoffice.mailbox import StoredMessage, read_messages
from postoffice.views import FILE_BACKEND


def _stored(request: HttpRequest, key: str) -> StoredMessage:
    if not settings.DEBUG or settings.EMAIL_BACKEND != FILE_BACKEND:
        raise Http404("No local mailbox here")
    for message in read_messages(settings.EMAIL_FILE_PATH):
        if message.key == key and message.reply_to:
            return message
    raise Http404("No such message to reply to")


def reply_bytes(original: StoredMessage, body: str) -> bytes:
    """The reply a mail client would write: threaded, the original quoted below."""
    reply = EmailMessage()
    reply["From"] = original.to
    reply["To"] = original.reply_to
    reply["Subject"] = f"Re: {original.subject}"
    reply["Message-ID"] = make_msgid(domain="dev-mailbox.localhost")
    if original.message_id:
        reply["In-Reply-To"] = original.message_id
        reply["References"] = original.message_id
    quoted = "\n".join(f"> {line}" for line in original.text.splitlines())
    reply.set_content(f"{body}\n\nOn {original.date}, FogDip wrote:\n{quoted}\n")
    return reply.as_bytes()


@require_POST
def reply(request: HttpRequest, key: str) -> HttpResponse:
    original = _stored(request, key)
    handled = handle_message(reply_bytes(original, request.POST.get("body", "")), "dev mailbox")
    detail = f": {handled.reason}" if handled.reason else ""
    messages.info(request, f"Your reply was {handled.outcome}{detail}.")
    return redirect(f"{reverse('dev-mailbox')}?m={key}")
