"""Notices to an account's owner about the account itself, sent at once,
outside the outbox: a token made, a password changed, and someone asking
for the owner's address on another account.

They belong to no game, so, like the confirmation email
(accounts.confirmation_email), they have no outbox row: a task sends each
once the change that prompts it commits, and a lost one is not retried (what
it reports stays visible on the site: the tokens page, the profile). They go
to a confirmed address only: one its owner never proved they read may be a
stranger's, who should learn nothing of the account.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.signed_in import related_or_none
from accounts.verification import is_confirmed
from common import limits
from common.links import site_link
from postoffice.compose import Draft, build_message
from postoffice.delivery import deliver

logger = logging.getLogger(__name__)

TOKEN_MADE = "api_token_made"
PASSWORD_CHANGED = "password_changed"
ADDRESS_IN_USE = "address_in_use"
KINDS = frozenset({TOKEN_MADE, PASSWORD_CHANGED, ADDRESS_IN_USE})  # templates in emails/<kind>/


def tell_owner(user: Any, kind: str, context: dict[str, str] | None = None) -> None:
    """Send the account's owner this notice once the current transaction commits."""
    if kind not in KINDS:
        raise ValueError(f"no notice {kind!r}")
    user_id, details = user.pk, dict(context or {})
    transaction.on_commit(lambda: send_notice.delay(user_id, kind, details))


@shared_task(name="accounts.tasks.send_notice")
def send_notice(user_id: int, kind: str, context: dict[str, str]) -> str:
    """Not retried: a notice reports what the site also shows."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or kind not in KINDS:
        return "nobody"
    return deliver_notice(user, kind, context)


def deliver_notice(user: Any, kind: str, context: dict[str, str]) -> str:
    if not is_confirmed(user):
        return "not confirmed"
    profile = related_or_none(user, "profile")
    draft = Draft(
        kind=kind,
        to=user.email,
        context={
            "username": user.get_username(),
            "reset_url": site_link("password_reset"),
            **context,
        },
        time_zone=profile.time_zone if profile else "UTC",
    )
    result = deliver(build_message(draft))
    if not result.sent:
        logger.warning("%s notice to user %s failed: %s", kind, user.pk, result.error)
        return "failed"
    return "sent"


def warn_address_owner(owner: Any) -> str:
    """Someone asked for this confirmed address on another account (a sign-up,
    an address change, a confirmation link asked again): the page they saw
    said nothing of it, and the address's owner hears of it instead, a few
    times a day at most (RATE_LIMIT_ADDRESS_NOTICE), so nobody can flood
    them by asking again and again."""
    try:
        limits.count_and_check(limits.ADDRESS_NOTICE, owner.email.strip().lower())
    except limits.LimitReached:
        return "limited"
    return deliver_notice(owner, ADDRESS_IN_USE, {"address": owner.email})
