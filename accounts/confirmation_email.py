"""The email sent outside the outbox: the links that confirm an address.

A link for an address another account has confirmed goes nowhere: that
address's owner is told someone asked for it (accounts.notices), so neither
the asker nor anyone else learns from the pages whose address it is.

They belong to no game, so they have no outbox row; a task sends them once
the sign-up or the request for an address change commits. A lost
confirmation is replaced by asking again on the confirmation page (limited
per person, common.limits); lost change links, by asking for the change again.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.change_links import LINK_LIFETIME, NEW, NOT_ME, OLD, link_url
from accounts.models import AddressChange, Profile
from accounts.notices import warn_address_owner
from accounts.verification import confirmation_url, confirmed_owner
from common.links import site_link
from postoffice.compose import Draft, build_message
from postoffice.delivery import deliver

logger = logging.getLogger(__name__)


def ask_for_confirmation(user: Any) -> None:
    """Send the confirmation link once the current transaction commits."""
    transaction.on_commit(lambda: send_confirmation.delay(user.pk))


@shared_task(name="accounts.tasks.send_confirmation")
def send_confirmation(user_id: int) -> str:
    """Not retried: the person asks again from the page that tells them to confirm."""
    return send_confirmation_email(user_id)


def send_confirmation_email(user_id: int) -> str:
    """The link, unless another account confirmed the address: then its owner
    is told instead (accounts.notices), and the page that asked said nothing."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return "no address"
    owner = confirmed_owner(user.email, besides=user)
    if owner is not None:
        return warn_address_owner(owner)
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


def send_change_links(change: AddressChange) -> None:
    """An address change's links go out once the change is written: a lost
    one is replaced by asking for the change again."""
    transaction.on_commit(lambda: send_address_change_links.delay(change.pk))


@shared_task(name="accounts.tasks.send_address_change_links")
def send_address_change_links(change_id: int) -> str:
    """The new address is asked to confirm it reads its mail; the old one to
    agree, or to say it was not them (accounts.address_change)."""
    change = AddressChange.objects.select_related("user").filter(pk=change_id).first()
    if change is None:
        return "no change"
    drafts: list[Draft] = []
    owner = confirmed_owner(change.new_email, besides=change.user)
    if owner is not None:  # the new address is another account's: it gets no link
        warn_address_owner(owner)
    else:
        drafts.append(Draft("address_change_new", change.new_email, _change_context(change, NEW)))
    if change.old_confirmed is None:  # else the old address was never confirmed
        drafts.append(Draft("address_change_old", change.old_email, _change_context(change, OLD)))
    results = [deliver(build_message(draft)) for draft in drafts]
    return "sent" if all(result.sent for result in results) else "failed"


def _change_context(change: AddressChange, role: str) -> dict[str, str]:
    """The "this was not me" link goes to the old address only."""
    context = {
        "username": change.user.get_username(),
        "old_email": change.old_email,
        "new_email": change.new_email,
        "confirm_url": link_url(change, role),
        "days": str(LINK_LIFETIME.days),
    }
    if role == OLD:
        context["not_me_url"] = link_url(change, NOT_ME)
        context["reset_url"] = site_link("password_reset")
    return context
