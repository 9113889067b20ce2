"""The one email sent outside the outbox: the link that confirms an address.

It belongs to no game, so it has no outbox row; it is sent by a task once
the sign-up or address change commits, and a lost one is replaced by asking
again on the confirmation page (limited per person, games.limits).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import transaction

from games.links import site_link
from games.mail.compose import Draft, build_message
from games.mail.delivery import deliver
from games.mail.verification import confirmation_url
from games.models import Profile

logger = logging.getLogger(__name__)


def ask_for_confirmation(user: Any) -> None:
    """Send the confirmation link once the current transaction commits."""
    transaction.on_commit(lambda: send_confirmation.delay(user.pk))


@shared_task(name="games.mail.tasks.send_confirmation")
def send_confirmation(user_id: int) -> str:
    """Not retried: the person asks again from the page that tells them to confirm."""
    return send_confirmation_email(user_id)


def send_confirmation_email(user_id: int) -> str:
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return "no address"
    profile = Profile.objects.filter(user=user).first()
    draft = Draft(
        kind="confirm_address",
        to=user.email,
        context={"username": user.get_username(), "confirm_url": confirmation_url(user)},
        time_zone=profile.time_zone if profile else "UTC",
    )
    result = deliver(build_message(draft))
    if not result.sent:
        logger.warning("confirmation email to user %s failed: %s", user_id, result.error)
        return "failed"
    return "sent"


def tell_the_old_address(user: Any, old_email: str) -> None:
    """The old address hears of the change, so a stolen session cannot move an
    account away quietly; sent once the change commits."""
    if old_email:
        transaction.on_commit(lambda: send_address_change_notice.delay(user.pk, old_email))


@shared_task(name="games.mail.tasks.send_address_change_notice")
def send_address_change_notice(user_id: int, old_email: str) -> str:
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        return "no account"
    context = {
        "username": user.get_username(),
        "new_email": user.email,
        "reset_url": site_link("password_reset"),
    }
    result = deliver(build_message(Draft(kind="address_changed", to=old_email, context=context)))
    return "sent" if result.sent else "failed"
