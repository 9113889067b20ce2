"""Rate limits on what could be used to spam people or hammer the site.

A fixed window per (limit, person or address), counted in Django's cache:
`cache.add` opens the window with its expiry, `cache.incr` counts, atomically
on Redis. We keep this small limiter instead of django-ratelimit because that
library's checks refuse every cache that needs no server (files, memory), and
`make run` has none; the counting itself is the dozen lines below.

Each limit's size comes from settings.RATE_LIMITS (RATE_LIMIT_* variables).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import render

from common.client_ip import client_ip
from common.errors import ActionError

PERIOD_WORDS = {1: "second", 60: "minute", 3600: "hour", 86400: "day"}


@dataclass(frozen=True)
class Limit:
    name: str  # a key of settings.RATE_LIMITS
    what: str  # "sign-ups from one address", for the message

    @property
    def count(self) -> int:
        return int(settings.RATE_LIMITS[self.name].count)

    @property
    def seconds(self) -> int:
        return int(settings.RATE_LIMITS[self.name].seconds)

    def message(self) -> str:
        period = PERIOD_WORDS.get(self.seconds, f"{self.seconds} seconds")
        return (
            f"Too many {self.what}: at most {self.count} per {period}. "
            "Please wait a little and try again."
        )


SIGNUP = Limit("signup", "sign-ups from one address")
PASSWORD_RESET = Limit("password_reset", "password reset requests from one address")
VERIFICATION = Limit("verification", "confirmation emails")
INVITATION = Limit("invitation", "invitations")
PRESS = Limit("press", "press messages")
ORDER_CHECK = Limit("order_check", "order checks")
API = Limit("api", "API requests from one person, whatever the token")
API_TOKENS = Limit("api_tokens", "API tokens made")
ADDRESS_NOTICE = Limit("address_notice", "notices to one address")


class LimitReached(ActionError):
    """An ActionError, so a refused console control or press message shows it like any other.
    ``retry_after`` is how many seconds until the limit lets ``who`` in again
    (the end of the window, or of the period when it is not counted in windows)."""

    def __init__(self, limit: Limit, retry_after: int | None = None) -> None:
        super().__init__(limit.message())
        self.limit = limit
        self.retry_after = max(1, limit.seconds if retry_after is None else retry_after)


@dataclass(frozen=True)
class Usage:
    """Where ``who`` stands in the current window: what the API's RateLimit
    headers tell a program, so it can pace itself before it is refused."""

    limit: int
    remaining: int
    reset: int  # seconds until the window ends


def count_and_check(limit: Limit, who: str) -> Usage:
    """Count one more use by ``who``; raise LimitReached past the limit."""
    now = int(time.time())
    window = now // limit.seconds
    digest = hashlib.sha256(who.encode()).hexdigest()[:32]
    key = f"limit:{limit.name}:{digest}:{window}"
    used = used_once_more(key, limit.seconds)
    reset = (window + 1) * limit.seconds - now
    if used > limit.count:
        raise LimitReached(limit, retry_after=reset)
    return Usage(limit.count, limit.count - used, max(1, reset))


def used_once_more(key: str, seconds: int) -> int:
    """Count one more use under ``key`` and say how many there have been.
    incr first, as most uses are not the window's first: two round trips to
    Redis where add-then-incr took three."""
    try:
        return cache.incr(key)
    except ValueError:  # the window's first use
        pass
    if cache.add(key, 1, timeout=seconds):
        return 1
    try:
        return cache.incr(key)  # another request started the count meanwhile
    except ValueError:  # and it expired at once: the window ended
        cache.set(key, 1, timeout=seconds)
        return 1


def by_person(request: HttpRequest) -> str:
    user = request.user
    return f"user:{user.pk}" if user.is_authenticated else by_address(request)


def by_address(request: HttpRequest) -> str:
    return f"ip:{client_ip(request) or 'unknown'}"


View = Callable[..., HttpResponseBase]
Answer = TypeVar("Answer", bound=HttpResponseBase)


def limit_posts(
    limit: Limit, who: Callable[[HttpRequest], str] = by_person
) -> Callable[[View], View]:
    """Count each POST to the view; past the limit answer 429 with the reason
    (as JSON to a script that asked for JSON) and do nothing else."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method == "POST":
                try:
                    count_and_check(limit, who(request))
                except LimitReached as reached:
                    return refusal(request, reached)
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


def refusal(request: HttpRequest, reached: LimitReached) -> HttpResponse:
    answer: HttpResponse
    if request.content_type == "application/json":
        answer = JsonResponse({"error": str(reached)}, status=429)
    else:
        answer = render(request, "limited.html", {"reason": str(reached)}, status=429)
    return with_retry_after(answer, reached.retry_after)


def with_retry_after(response: Answer, seconds: float) -> Answer:
    """Every 429 the site gives says when to come back (RFC 9110, Retry-After
    in whole seconds), so a well-behaved program waits instead of hammering."""
    response["Retry-After"] = str(max(1, math.ceil(seconds)))
    return response
