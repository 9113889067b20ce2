"""The signed-in person, read once per request with what every page shows of them.

Every page needs the person's time zone (common.middleware) and whether their
address is confirmed (accounts.context_processors); reading the account with its
profile and email settings in one query saves two queries on every page. The
session's own query reads them (accounts.sessions); this backend reads them
itself only for a session row that does not name its person.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from common.prepared import prepared

EARLIER_BACKEND = "django.contrib.auth.backends.ModelBackend"
# The person this request's session row named, set only while Django's
# get_user asks the backend for the request's user (signed_in_user).
READ_WITH_SESSION: ContextVar[Any] = ContextVar("read_with_session", default=None)


# What every page reads of the person, read with them (here and in the session's query).
PERSON_RELATED = ("profile", "email_settings")


@prepared
def person(user_id: int) -> QuerySet[Any]:
    users = get_user_model()._default_manager.select_related(*PERSON_RELATED)
    return users.filter(pk=user_id)


class SignedInBackend(ModelBackend):
    """Django's model backend, reading the session's user with its profile and
    settings, by a query compiled once (common.prepared)."""

    def get_user(self, user_id: Any) -> Any:
        try:
            key = int(user_id)
        except (TypeError, ValueError):  # not a key Django could have stored
            return None
        read = READ_WITH_SESSION.get()
        user = read if read is not None and read.pk == key else person.first(user_id=key)
        return user if user is not None and self.user_can_authenticate(user) else None


def related_or_none(user: Any, name: str) -> Any:
    """A one-to-one row of the user's (read with the user when it could be), or None."""
    try:
        return getattr(user, name)
    except ObjectDoesNotExist:
        return None


class SignedInMiddleware(AuthenticationMiddleware):
    """Django's authentication middleware, its user read with the session
    (signed_in_user), keeping sessions signed in through Django's own model
    backend (before SignedInBackend replaced it) signed in."""

    def process_request(self, request: HttpRequest) -> None:
        if request.session.get(BACKEND_SESSION_KEY) == EARLIER_BACKEND:
            request.session[BACKEND_SESSION_KEY] = f"{__name__}.SignedInBackend"
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: signed_in_user(request))  # type: ignore[assignment]


def signed_in_user(request: HttpRequest) -> Any:
    """Django's get_user for the request (its checks of the session's user id,
    backend and password hash), the backend given the person the session's
    row named, read with it: no second query."""
    if not hasattr(request, "_cached_user"):
        read = getattr(request.session, "person_read_with_session", lambda: None)()
        token = READ_WITH_SESSION.set(read)
        try:
            request._cached_user = auth.get_user(request)  # type: ignore[attr-defined]
        finally:
            READ_WITH_SESSION.reset(token)
    return request._cached_user  # type: ignore[attr-defined]
