"""The signed-in person, read once per request with what every page shows of them.

Every page needs the person's time zone (games.middleware) and whether their
address is confirmed (games.context_processors); reading the account with its
profile and email settings in one query saves two queries on every page.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import BACKEND_SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import QuerySet
from django.http import HttpRequest

from games.prepared import prepared

EARLIER_BACKEND = "django.contrib.auth.backends.ModelBackend"


@prepared
def person(user_id: int) -> QuerySet[Any]:
    users = get_user_model()._default_manager.select_related("profile", "email_settings")
    return users.filter(pk=user_id)


class SignedInBackend(ModelBackend):
    """Django's model backend, reading the session's user with its profile and
    settings, by a query compiled once (games.prepared)."""

    def get_user(self, user_id: Any) -> Any:
        try:
            key = int(user_id)
        except (TypeError, ValueError):  # not a key Django could have stored
            return None
        user = person.first(user_id=key)
        return user if user is not None and self.user_can_authenticate(user) else None


def related_or_none(user: Any, name: str) -> Any:
    """A one-to-one row of the user's (read with the user when it could be), or None."""
    try:
        return getattr(user, name)
    except ObjectDoesNotExist:
        return None


class SignedInMiddleware(AuthenticationMiddleware):
    """Django's authentication middleware, keeping sessions signed in through
    Django's own model backend (before SignedInBackend replaced it) signed in."""

    def process_request(self, request: HttpRequest) -> None:
        if request.session.get(BACKEND_SESSION_KEY) == EARLIER_BACKEND:
            request.session[BACKEND_SESSION_KEY] = f"{__name__}.SignedInBackend"
        super().process_request(request)
