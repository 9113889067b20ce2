"""Sign-in throttling that a stranger cannot turn against a player.

django-axes counts wrong passwords; this handler decides what they stop:

- an (account, address) pair is paused after LOGIN_FAILURE_LIMIT failures:
  the guesser is stopped, the player at their own address is not;
- an address is paused after LOGIN_ADDRESS_FAILURE_LIMIT failures, whatever
  the accounts (one machine trying many names);
- an account is never paused by failures from elsewhere: past the limit,
  every attempt on it waits a little longer (LOGIN_SLOWDOWN_MAX_SECONDS at
  most) before its password is checked, which slows a guesser spread over
  many addresses and still lets the player in.

A success clears only its own (account, address) count, so signing in to an
account of one's own does not wipe the address's record of guesses at others.
A completed password reset clears the account's counts everywhere.
"""

from __future__ import annotations

import time
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest

# Replaced by the tests, which count the pauses instead of waiting them out.
pause = time.sleep


def failures(attempts: QuerySet[AccessAttempt]) -> int:
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def recent(request: HttpRequest | None) -> QuerySet[AccessAttempt]:
    return AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request))


def slowdown_seconds(account_failures: int) -> int:
    """One second per failure past the limit, up to the most we make anyone wait."""
    over = account_failures - settings.AXES_FAILURE_LIMIT + 1
    return max(0, min(over, settings.LOGIN_SLOWDOWN_MAX_SECONDS))


class ThrottleHandler(AxesDatabaseHandler):
    """AXES_LOCKOUT_PARAMETERS names (account, address) first, then address."""

    def get_failures(self, request: Any, credentials: dict | None = None) -> int:
        """The (account, address) count, or the address's count scaled to the
        same limit (at LOGIN_ADDRESS_FAILURE_LIMIT it reaches the limit)."""
        here, address = (failures(q) for q in self.get_user_attempts(request, credentials))
        scaled = address * settings.AXES_FAILURE_LIMIT // settings.LOGIN_ADDRESS_FAILURE_LIMIT
        return max(here, scaled)

    def is_allowed(self, request: Any, credentials: dict | None = None) -> bool:
        allowed = super().is_allowed(request, credentials)
        if allowed:
            self.slow_down(request, credentials)
        return allowed

    def slow_down(self, request: Any, credentials: dict | None) -> None:
        username = get_client_username(request, credentials)
        seconds = slowdown_seconds(failures(recent(request).filter(username=username)))
        if username and seconds:
            pause(seconds)

    def reset_user_attempts(self, request: Any, credentials: dict | None = None) -> int:
        here = self.filter_user_attempts(request, credentials)[0]
        count, _ = here.delete()
        return count


def clear_account(username: str) -> None:
    """After a completed password reset: the account's counts, from every address."""
    AccessAttempt.objects.filter(username=username).delete()
