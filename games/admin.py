"""Django admin for staff: a read-only window on the game data.

Every write goes through games.actions, so the admin shows rows but does not
edit them; game masters change games from their console.
"""

from __future__ import annotations

from django.contrib import admin

from common.admin import ReadOnlyAdmin
from games.models import Game, Invitation, KnowledgeRecord, LogEntry, OrderSheet, Phase, Seat


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
