"""Email verification: no game email goes to an address its owner has not confirmed.

A confirmation link carries a signed token naming the account and the address
it was sent to, so a link for an old address cannot confirm a new one. Until
the account's current address is confirmed, the outbox holds that person's
game email (invitations, which go to addresses without accounts, excepted);
confirming sends what was held, to the confirmed address.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core import signing

from common.links import site_link
from postoffice.models import EmailSettings

SALT = "fogdip.email-verification"
LINK_LIFETIME = timedelta(days=7)


@dataclass(frozen=True)
class Confirmation:
    user: Any
    email: str


class BadConfirmationLink(ValueError):
    """The message names what is wrong with the link, for the page that shows it."""


def confirmation_token(user: Any) -> str:
    return signing.dumps({"user": user.pk, "email": user.email.strip().lower()}, salt=SALT)


def confirmation_url(user: Any) -> str:
    return site_link("verify_email", confirmation_token(user))


def confirmed_owner(email: str, besides: Any = None) -> Any:
    """The account that confirmed this address (one at most), other than ``besides``."""
    owners = get_user_model().objects.filter(
        email__iexact=email.strip(), email_settings__verified_address__iexact=email.strip()
    )
    if besides is not None:
        owners = owners.exclude(pk=besides.pk)
    return owners.first()


def read_confirmation(token: str) -> Confirmation:
    try:
        data = signing.loads(token, salt=SALT, max_age=LINK_LIFETIME)
    except signing.SignatureExpired:
        raise BadConfirmationLink("This link has expired: ask for a new one below.") from None
    except signing.BadSignature:
        raise BadConfirmationLink("This link is not one we sent, or it was cut short.") from None
    user = get_user_model().objects.filter(pk=data.get("user")).first()
    if user is None or user.email.strip().lower() != data.get("email"):
        raise BadConfirmationLink(
            "This link was for an address your account no longer has: ask for a new one below."
        )
    if confirmed_owner(data["email"], besides=user) is not None:
        raise BadConfirmationLink(
            "Another account has confirmed this address: one address, one account. "
            "Sign in to that one (a password reset by email works), or use another address."
        )
    return Confirmation(user=user, email=data["email"])


def is_confirmed(user: Any) -> bool:
    mail = EmailSettings.objects.filter(user=user).select_related("user").first()
    return bool(mail and mail.address_confirmed)
