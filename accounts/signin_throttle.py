"""Sign-in throttling that a stranger cannot turn against a player, and that
never holds a web worker: every refusal is answered at once.

django-axes counts wrong passwords; this handler decides what they stop:

- an (account, address) pair is paused after LOGIN_FAILURE_LIMIT failures:
  the guesser is stopped, the player at their own address is not;
- an address is paused after LOGIN_ADDRESS_FAILURE_LIMIT failures, whatever
  the accounts (one machine trying many names);
- an account is never paused by failures from elsewhere: past the limit, it
  takes one password at most every few seconds (one more per failure, up to
  LOGIN_SLOWDOWN_MAX_SECONDS after the last wrong one). A try that comes
  sooner is refused at once, unchecked and uncounted, with Retry-After, which
  slows a guesser spread over many addresses to a trickle. A browser that
  signed in to the account before (accounts.known_browsers) is not slowed, so
  the player still gets in whatever a stranger keeps trying.

A refusal is not recorded (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT is
off): only checked passwords count, so hammering a paused or slowed account
neither lengthens its pause nor keeps it slowed. Every refusal answers 429
with Retry-After, from accounts.views.locked_out.

A success clears only its own (account, address) count, so signing in to an
account of one's own does not wipe the address's record of guesses at others.
A completed password reset clears the account's counts everywhere.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import authenticate
from django.db.models import Max, QuerySet, Sum
from django.http import HttpRequest
from django.utils import timezone

from accounts.known_browsers import signed_in_here_before


def failures(attempts: QuerySet[AccessAttempt]) -> int:
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def latest(attempts: QuerySet[AccessAttempt]) -> datetime | None:
    return attempts.aggregate(last=Max("attempt_time"))["last"]


def recent(request: HttpRequest | None) -> QuerySet[AccessAttempt]:
    return AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request))


def slowdown_seconds(account_failures: int) -> int:
    """One second per failure past the limit, up to the most we make anyone wait."""
    over = account_failures - settings.AXES_FAILURE_LIMIT + 1
    return max(0, min(over, settings.LOGIN_SLOWDOWN_MAX_SECONDS))


def seconds_until(moment: datetime) -> int:
    return max(1, math.ceil((moment - timezone.now()).total_seconds()))


class ThrottleHandler(AxesDatabaseHandler):
    """AXES_LOCKOUT_PARAMETERS names (account, address) first, then address.

    A refusal leaves on the request how long to wait (``signin_retry_after``,
    seconds) and whether the account is slowed rather than the address paused
    (``signin_slowed``), for the lock-out page."""

    def get_failures(self, request: Any, credentials: dict | None = None) -> int:
        """The (account, address) count, or the address's count scaled to the
        same limit (at LOGIN_ADDRESS_FAILURE_LIMIT it reaches the limit)."""
        here, address = (failures(q) for q in self.get_user_attempts(request, credentials))
        scaled = address * settings.AXES_FAILURE_LIMIT // settings.LOGIN_ADDRESS_FAILURE_LIMIT
        return max(here, scaled)

    def is_allowed(self, request: Any, credentials: dict | None = None) -> bool:
        if not super().is_allowed(request, credentials):
            request.signin_retry_after = self.pause_left(request, credentials)
            return False
        wait = self.slowed_for(request, credentials)
        if wait:
            request.signin_retry_after, request.signin_slowed = wait, True
            return False
        return True

    def pause_left(self, request: Any, credentials: dict | None) -> int:
        """Seconds until the pause lifts at the latest: the cool-off after the
        last wrong password that counts towards it."""
        times = [latest(attempts) for attempts in self.get_user_attempts(request, credentials)]
        last = max((time for time in times if time is not None), default=None)
        return seconds_until(last + settings.AXES_COOLOFF_TIME) if last else 1

    def slowed_for(self, request: Any, credentials: dict | None) -> int:
        """Seconds to wait before this account takes another password from
        here; 0 when it takes one now."""
        username = get_client_username(request, credentials)
        if not username or signed_in_here_before(request, username):
            return 0
        attempts = recent(request).filter(username=username)
        found = attempts.aggregate(total=Sum("failures_since_start"), last=Max("attempt_time"))
        seconds, last = slowdown_seconds(found["total"] or 0), found["last"]
        if not seconds or last is None:
            return 0
        next_try = last + timedelta(seconds=seconds)
        return seconds_until(next_try) if next_try > timezone.now() else 0

    def reset_user_attempts(self, request: Any, credentials: dict | None = None) -> int:
        here = self.filter_user_attempts(request, credentials)[0]
        count, _ = here.delete()
        return count


def password_is_right(request: HttpRequest, user: Any, password: str) -> bool:
    """The signed-in person's current password, checked as a sign-in is (by
    Django's authenticate, through django-axes): a wrong one counts towards
    the pauses, and a paused or slowed account is refused unchecked, the
    lock-out page answering instead of the form."""
    found = authenticate(request, username=user.get_username(), password=password)
    return found is not None and found.pk == user.pk


def clear_account(username: str) -> None:
    """After a completed password reset: the account's counts, from every address."""
    AccessAttempt.objects.filter(username=username).delete()
