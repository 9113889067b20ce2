"""Changing the account's address: it waits for both addresses.

Asking (with the password, on the settings page) changes nothing yet: it
sends a link to the new address ("this is mine") and one to the old address
("yes, move my account there", and "this was not me", which ends the
change). The account moves when both have confirmed, in either order. So a
stolen password or a session left open cannot move an account away from the
address that reads its mail; docs/security.md says what to do when the old
address is lost.

Links are Django's signed values (``django.core.signing``): they name the
change and the link's role, expire after ``LINK_LIFETIME``, and each works
once, because what it did is recorded on the change and a closed change
accepts no link.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.change_links import LINK_LIFETIME, NEW, NOT_ME, OLD, BadChangeLink, ChangeLink
from accounts.confirmation_email import send_change_links
from accounts.models import AddressChange
from accounts.verification import confirmed_owner, is_confirmed
from postoffice.actions import confirm_address

Outcome = AddressChange.Outcome
CONFIRMS = {NEW: "new_confirmed", OLD: "old_confirmed"}  # what each link records

CLOSED_BECAUSE = {
    Outcome.DONE: "This link has already been used: the address was changed.",
    Outcome.CANCELLED: "This change was cancelled from the account's settings.",
    Outcome.REFUSED: "This change was refused from the old address.",
    Outcome.REPLACED: "A later change of address replaced this one: use the newest links.",
}


def pending_change(user: Any, now: datetime | None = None) -> AddressChange | None:
    """The account's change still waiting for its addresses; one that outlived
    its links is no longer pending, whatever its row says."""
    since = (now or timezone.now()) - LINK_LIFETIME
    changes = AddressChange.objects.filter(user=user, outcome=Outcome.PENDING)
    return changes.filter(created__gt=since).first()


@transaction.atomic
def ask_to_change(user: Any, new_email: str) -> AddressChange | None:
    """Start a change (the form has checked the password and the address);
    None when the address is the account's own. A newer change replaces any
    pending one, so only the newest links work."""
    if new_email.strip().lower() == user.email.strip().lower():
        return None
    now = timezone.now()
    _close(AddressChange.objects.filter(user=user, outcome=Outcome.PENDING), Outcome.REPLACED)
    change = AddressChange.objects.create(
        user=user,
        old_email=user.email,
        new_email=new_email.strip(),
        created=now,
        # An address never confirmed proved nothing, and may be a typing
        # mistake at sign-up: there is nobody behind it to ask.
        old_confirmed=None if is_confirmed(user) else now,
    )
    send_change_links(change)
    return change


@transaction.atomic
def follow_link(link: ChangeLink) -> AddressChange:
    """What a link's button does: confirm one side, or refuse the change."""
    change = _locked_open(link.change, link.role)
    now = timezone.now()
    if link.role == NOT_ME:
        return _close_one(change, Outcome.REFUSED, now)
    field = CONFIRMS[link.role]
    setattr(change, field, now)
    change.save(update_fields=[field])
    if change.new_confirmed and change.old_confirmed:
        _move_the_account(change, now)
    return change


@transaction.atomic
def cancel_change(user: Any) -> AddressChange | None:
    """The owner, signed in, takes back a pending change from the settings page."""
    change = pending_change(user)
    if change is None:
        return None
    return _close_one(_locked_open(change), Outcome.CANCELLED, timezone.now())


def why_closed(change: AddressChange, role: str) -> str:
    """Why this link can no longer act on the change; "" while it can."""
    if change.outcome != Outcome.PENDING:
        return CLOSED_BECAUSE[Outcome(change.outcome)]
    if change.created <= timezone.now() - LINK_LIFETIME:
        return "This change has expired, so the address was not changed."
    if role in CONFIRMS and getattr(change, CONFIRMS[role]) is not None:
        return "This link has already been used."
    return ""


def _locked_open(change: AddressChange, role: str = "") -> AddressChange:
    """The change read afresh and locked, refused when the link (of ``role``;
    "" for the owner on the settings page) can no longer act on it."""
    change = AddressChange.objects.select_for_update().select_related("user").get(pk=change.pk)
    reason = why_closed(change, role)
    if reason:
        raise BadChangeLink(reason)
    return change


def _move_the_account(change: AddressChange, now: datetime) -> None:
    user = change.user
    if user.email.strip().lower() != change.old_email.strip().lower():
        raise BadChangeLink("The account's address changed meanwhile: this change no longer holds.")
    if confirmed_owner(change.new_email, besides=user) is not None:
        raise BadChangeLink(
            "Another account has confirmed this address meanwhile: one address, one account."
        )
    user.email = change.new_email
    user.save(update_fields=["email"])
    confirm_address(user, change.new_email)  # the new address proved it reads its mail
    _close_one(change, Outcome.DONE, now)


def _close_one(change: AddressChange, outcome: str, now: datetime) -> AddressChange:
    change.outcome, change.closed = outcome, now
    change.save(update_fields=["outcome", "closed"])
    return change


def _close(changes: Any, outcome: str) -> None:
    changes.update(outcome=outcome, closed=timezone.now())
