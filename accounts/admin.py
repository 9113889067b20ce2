from __future__ import annotations

from django.contrib import admin

from accounts.models import Profile
from common.admin import ReadOnlyAdmin


@admin.register(Profile)
class ProfileAdmin(ReadOnlyAdmin):
    list_display = ("user", "time_zone")
