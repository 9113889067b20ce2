"""Every answer a route may give, declared in the OpenAPI schema.

A program written against the published schema alone must find there every
status code the API can answer, each with the shape of its body: a refusal
that is not declared is one such a program cannot read. Every route may
answer 400 (a NUL in the query: common.middleware refuses it before any
view), 401 (no live token), 413 (a body over the size limit,
common/problems.py) and 429 (the person's rate limit), as those checks come
before the route; each route names the other refusals it gives
(api/errors.py says which exception becomes which).
"""

from __future__ import annotations

from typing import Any

from ninja import NinjaAPI
from ninja.openapi.schema import OpenAPISchema

from api.record_schema import record_components
from api.schemas import Problem, ValidationProblem
from common.links import absolute_url

# Why each refusal is given, as the schema tells a program.
MEANINGS = {
    400: "Not usable: a query parameter with a NUL character (refused by the site "
    "before any route), a body that is not JSON, order lines that cannot be read "
    "(nothing is saved; `lines` gives every line back, each saying which word "
    "was wrong), an order sheet over its bounds (more than 100 lines in all: "
    "refused whole, before a line is read), or a power not in the game (`detail` names it).",
    401: "No live token: missing, unknown or revoked, all refused alike. Send "
    "`Authorization: Bearer <token>`.",
    403: "The token's scope (read only) or the person's role does not allow it; "
    "`detail` says which.",
    404: "No such game for this person (or for this token's one game), or no such record yet.",
    409: "The game's state refuses it (the phase has moved on, the game is "
    "paused, no proposal is open, the press rule): `detail` is the action's "
    "own message, the one the web page shows.",
    413: "The request body is over the site's size limit; nothing of it was read.",
    422: "The body or query is malformed: each item of `detail` names its "
    "field (`loc`) and what is wrong with it (`msg`), at most 20 of them. A body "
    "is refused for a field it does not know, a string for a boolean or an "
    "integer, a string with a NUL or a lone surrogate, a deadline without its "
    "offset or more than 366 days ahead, or a list or string over its bound.",
    429: "Too many requests: the person's rate limit (all their tokens count "
    "together), or their press limit. `Retry-After` says how many seconds to wait.",
}
# Every 429 says when to come back (api.errors).
RETRY_AFTER = {
    "description": "How many seconds to wait before trying again.",
    "schema": {"type": "integer", "minimum": 1},
}
ALWAYS = (400, 401, 413, 429)
# Where the caller's person stands in the API's rate limit (api/polling.py).
RATE_HEADERS = {
    "RateLimit-Limit": {
        "description": "Requests allowed in each window (the person's, whatever the token).",
        "schema": {"type": "integer", "minimum": 1},
    },
    "RateLimit-Remaining": {
        "description": "Requests left in this window.",
        "schema": {"type": "integer", "minimum": 0},
    },
    "RateLimit-Reset": {
        "description": "Seconds until the window ends.",
        "schema": {"type": "integer", "minimum": 1},
    },
}
ETAG = {
    "description": "The digest of this answer's bytes: send it back as If-None-Match.",
    "schema": {"type": "string"},
}
IF_NONE_MATCH = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "description": "The ETag of the answer you hold: if it is still the answer, a bodiless 304.",
    "schema": {"type": "string"},
}
NOT_MODIFIED = {
    "description": "Not modified: the answer is the one whose ETag you sent; no body.",
    "headers": {"ETag": ETAG, **RATE_HEADERS},
}


def declare_conditional(operation: dict[str, Any]) -> None:
    """A GET answers with an ETag, and 304 to a caller that holds its answer."""
    answers = operation["responses"]
    ok = next(status for status in answers if int(status) == 200)
    answers[ok].setdefault("headers", {})["ETag"] = ETAG
    answers[304] = NOT_MODIFIED
    operation.setdefault("parameters", []).append(IF_NONE_MATCH)


def answers(success: Any, *refusals: int) -> dict[int, Any]:
    """``success`` for 200, with a JSON refusal for each of ALWAYS and ``refusals``."""
    declared: dict[int, Any] = {200: success}
    for status in sorted({*ALWAYS, *refusals}):
        declared[status] = ValidationProblem if status == 422 else Problem
    return declared


class DeclaringApi(NinjaAPI):
    """Django Ninja, with each refusal's meaning in the schema rather than its bare name."""

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        # The paths carry /api/v1: the server is the site's own address.
        schema["servers"] = [{"url": absolute_url("").rstrip("/"), "description": "This site"}]
        schema["components"]["schemas"].update(record_components())
        for operations in schema["paths"].values():
            for method, operation in operations.items():
                for status, answer in operation["responses"].items():
                    if int(status) in MEANINGS:
                        answer["description"] = MEANINGS[int(status)]
                    answer["headers"] = {**RATE_HEADERS, **answer.get("headers", {})}
                    if int(status) == 429:
                        answer["headers"]["Retry-After"] = RETRY_AFTER
                if method == "get":
                    declare_conditional(operation)
        return schema

    def get_openapi_operation_id(self, operation: Any) -> str:
        # The route's own name (also its URL name, so unique): "submit_orders"
        # reads better to a program than the module path it lives in.
        return str(operation.view_func.__name__)


# The refusals shared by kinds of route; every route with a game's number in
# its path may answer 422 for one that is not an integer.
READ = (404, 422)
WRITE = (403, 404, 409, 422)  # a scope and role, the game's state, a body to read
PLAYER_READ = (403, 404, 422)  # a player's own sheet and options
CONSOLE_READ = (403, 404, 422)
CONSOLE_BARE = (403, 404, 409, 422)  # a console action with no body
