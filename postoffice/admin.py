from __future__ import annotations

from django.contrib import admin

from common.admin import ReadOnlyAdmin
from postoffice.inbound.models import InboundMessage


@admin.register(InboundMessage)
class InboundMessageAdmin(ReadOnlyAdmin):
    """Every email that came in: accepted, refused (with the reason) or ignored."""

    list_display = ("received", "road", "sender", "outcome", "reason", "game", "power")
    list_filter = ("outcome", "road")
