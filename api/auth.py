"""Bearer-token authentication for the API, with its rate limit.

Sessions never authenticate the API: a browser's cookie opens no door here,
so the API needs no CSRF protection.  A missing, unknown or revoked token is
refused alike (401), so the answer never tells a guesser which it was.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja.errors import HttpError
from ninja.security import HttpBearer

from api.models import ApiToken
from api.polling import note_usage
from api.seat_pass import pass_of
from api.tokens import token_for
from common import limits


class TokenAuth(HttpBearer):
    # Read into the schema's security scheme (Django Ninja takes every openapi_ attribute).
    openapi_bearerFormat = "fogdip_ and 43 characters"
    openapi_description = (
        "A personal API token, made on the site's settings (Settings, API tokens), "
        "sent as `Authorization: Bearer <token>`. Its scope is read, or read and play "
        "(orders, ready, press, votes and the console's actions); it may be limited to "
        "one game. A missing, unknown or revoked token is refused alike (401)."
    )

    def __call__(self, request: HttpRequest) -> ApiToken | None:
        """The caretaker's pass (api/seat_pass.py) for its in-process requests;
        for every other request, its bearer token."""
        carried = pass_of(request)
        if carried is not None:
            request.user = carried.user
            return carried
        found: ApiToken | None = super().__call__(request)
        return found

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        found = token_for(token)
        if found is None:
            return None
        # Counted per person, not per token: a new token is no new budget.
        # Past it, LimitReached is answered 429 with Retry-After (api.errors).
        try:
            usage = limits.count_and_check(limits.API, f"user:{found.user_id}")
        except limits.LimitReached as reached:
            note_usage(request, limits.Usage(reached.limit.count, 0, reached.retry_after))
            raise
        note_usage(request, usage)
        request.user = found.user
        return found


def token_of(request: HttpRequest) -> ApiToken:
    token: Any = request.auth  # type: ignore[attr-defined]
    assert isinstance(token, ApiToken)
    return token


def require_game(token: ApiToken, game_id: int) -> None:
    """A token limited to one game opens no other (404, as for a missing game)."""
    if token.game_id is not None and token.game_id != game_id:
        raise HttpError(404, "Not Found")


def require_play(token: ApiToken) -> None:
    if not token.may_play:
        raise HttpError(403, "This token may only read: make a token with the play scope.")
