"""Django admin for staff: a read-only window on the game data.

Every write goes through games.actions, so the admin shows rows but does not
edit them; game masters change games from their console.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import (
    Game,
    InboundMessage,
    Invitation,
    KnowledgeRecord,
    LogEntry,
    OrderSheet,
    Phase,
    Profile,
    Seat,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("name", "preset", "start_year", "status", "game_master", "created")
    list_filter = ("preset", "status")
    search_fields = ("name",)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("game", "user", "power", "status")
    list_filter = ("status",)


@admin.register(Phase)
class PhaseAdmin(ReadOnlyAdmin):
    list_display = ("game", "name", "status", "deadline", "adjudicated")
    list_filter = ("status",)


@admin.register(OrderSheet)
class OrderSheetAdmin(ReadOnlyAdmin):
    list_display = ("phase", "power", "ready", "updated")


@admin.register(KnowledgeRecord)
class KnowledgeRecordAdmin(ReadOnlyAdmin):
    list_display = ("game", "ordinal", "power")


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    list_display = ("game", "email", "created", "accepted")


@admin.register(LogEntry)
class LogEntryAdmin(ReadOnlyAdmin):
    list_display = ("game", "created", "actor", "action", "detail")


@admin.register(Profile)
class ProfileAdmin(ReadOnlyAdmin):
    list_display = ("user", "time_zone")


@admin.register(InboundMessage)
class InboundMessageAdmin(ReadOnlyAdmin):
    """Every email that came in: accepted, refused (with the reason) or ignored."""

    list_display = ("received", "road", "sender", "outcome", "reason", "game", "power")
    list_filter = ("outcome", "road")
