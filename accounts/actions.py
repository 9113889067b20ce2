"""Accounts: signing up and the per-user profile (the time zone)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.confirmation_email import ask_for_confirmation
from accounts.models import Profile


@transaction.atomic
def sign_up(username: str, email: str, password: str, time_zone: str = "UTC") -> Any:
    user = get_user_model().objects.create_user(username=username, email=email, password=password)
    Profile.objects.create(user=user, time_zone=time_zone)
    ask_for_confirmation(user)
    return user


def update_profile(user: Any, time_zone: str) -> Profile:
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"time_zone": time_zone})
    return profile
