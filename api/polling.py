"""What lets a program poll the API cheaply, and from a browser on another site.

Every answer under /api/v1/ passes through :class:`ApiPollingMiddleware`,
which sits outside the session and page-caching middleware:

* **ETag**: a successful GET carries a strong ETag, the digest of its bytes;
  asked again with ``If-None-Match`` naming it, the answer is a bodiless 304.
  The digest is of the very bytes the viewer would get, so it says nothing
  the body would not.
* **Cache-Control**: a past record never changes (a later board edit is in
  the current record, never in a past one's), so it may be kept a year by
  its reader (``private, max-age=31536000, immutable``); everything else
  stays ``private, no-store``, as every page for a signed-in person.
* **RateLimit-Limit / -Remaining / -Reset**: where the caller's person
  stands in the API's window (``RATE_LIMIT_API``), on every authenticated
  answer, 429 included (which also carries ``Retry-After``).
* **Vary**: the API never reads a cookie, so no answer varies on one; each
  varies on ``Authorization``, the token it was answered for.
* **CORS**: any origin may call the API, without credentials: a token is
  the only key (cookies open nothing here), so a page on another site can
  do nothing a program holding the token could not. Preflights are answered
  here, before any route.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from common.limits import Usage

PREFIX = "/api/v1/"
USAGE = "_fogdip_api_usage"
# Routes whose successful answers never change once given.
NEVER_CHANGE = frozenset({"my_record_at"})
FOREVER = "private, max-age=31536000, immutable"
EXPOSED = (
    "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, "
    "WWW-Authenticate, Allow"
)
PREFLIGHT_SECONDS = "600"


def note_usage(request: HttpRequest, usage: Usage) -> None:
    """Keep where the caller stands in its rate limit, for the answer's headers."""
    setattr(request, USAGE, usage)


class ApiPollingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        if is_preflight(request):
            return with_cors(preflight())
        response = self.get_response(request)
        if request.method == "GET" and response.status_code == 200:
            response = conditional(request, response)
        with_rate_limit(request, response)
        without_cookie_vary(response)
        return with_cors(response)


def is_preflight(request: HttpRequest) -> bool:
    return request.method == "OPTIONS" and "access-control-request-method" in request.headers


def preflight() -> HttpResponse:
    response = HttpResponse(status=204)
    response["Access-Control-Allow-Methods"] = "GET, POST"
    response["Access-Control-Allow-Headers"] = "Authorization, Content-Type, If-None-Match"
    response["Access-Control-Max-Age"] = PREFLIGHT_SECONDS
    return response


def with_cors(response: HttpResponse) -> HttpResponse:
    response["Access-Control-Allow-Origin"] = "*"
    response["Access-Control-Expose-Headers"] = EXPOSED
    return response


def conditional(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The answer with its ETag, or a bodiless 304 when the caller holds it already."""
    if response.streaming:
        return response
    tag = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
    match = request.resolver_match
    if match is not None and match.url_name in NEVER_CHANGE:
        response["Cache-Control"] = FOREVER
    if tag in held_tags(request):
        unchanged = HttpResponse(status=304)
        for header in ("Cache-Control", "Content-Security-Policy", "X-Content-Type-Options"):
            if header in response:
                unchanged[header] = response[header]
        response = unchanged
    response["ETag"] = tag
    return response


def held_tags(request: HttpRequest) -> set[str]:
    given = request.headers.get("If-None-Match", "")
    tags = {part.strip().removeprefix("W/") for part in given.split(",")}
    return tags - {""}


def with_rate_limit(request: HttpRequest, response: HttpResponse) -> None:
    usage: Usage | None = getattr(request, USAGE, None)
    if usage is None:
        return
    response["RateLimit-Limit"] = str(usage.limit)
    response["RateLimit-Remaining"] = str(usage.remaining)
    response["RateLimit-Reset"] = str(usage.reset)


def without_cookie_vary(response: HttpResponse) -> None:
    """The API's answers depend on the token, never on a cookie."""
    varies = [part.strip() for part in response.get("Vary", "").split(",") if part.strip()]
    kept = [part for part in varies if part.lower() != "cookie"]
    if kept:
        response["Vary"] = ", ".join(kept)
    elif "Vary" in response:
        del response["Vary"]
    patch_vary_headers(response, ("Authorization",))
