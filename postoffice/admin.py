from __future__ import annotations

from django.contrib import admin

from common.admin import ReadOnlyAdmin
from postoffice.inbound.models import InboundMessage, ReceivedMail


@admin.register(InboundMessage)
class InboundMessageAdmin(ReadOnlyAdmin):
    """Every email that came in: accepted, refused (with the reason) or ignored."""

    list_display = ("received", "road", "sender", "outcome", "reason", "game", "power")
    list_filter = ("outcome", "road")


@admin.register(ReceivedMail)
class ReceivedMailAdmin(ReadOnlyAdmin):
    """Mail a webhook recorded that no worker has handled yet (its bytes are not shown)."""

    list_display = ("received", "road", "status", "attempts", "since")
    list_filter = ("status", "road")
    exclude = ("raw",)
