"""The links of an address change (accounts.address_change): Django's
signed values naming the change and the link's role, expiring after
``LINK_LIFETIME``; whether a link may still act is the change's own state."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing
from django.urls import reverse

from accounts.models import AddressChange
from common.links import absolute_url

SALT = "fogdip.address-change"
LINK_LIFETIME = timedelta(days=3)
NEW, OLD, NOT_ME = "new", "old", "not-me"
ROLES = (NEW, OLD, NOT_ME)


class BadChangeLink(ValueError):
    """The message names what is wrong with the link, for the page that shows it."""


@dataclass(frozen=True)
class ChangeLink:
    change: AddressChange
    role: str


def link_token(change: AddressChange, role: str) -> str:
    return signing.dumps({"change": change.pk, "role": role}, salt=SALT)


def link_url(change: AddressChange, role: str) -> str:
    return absolute_url(reverse("address_change_link", args=[link_token(change, role)]))


def read_link(token: str) -> ChangeLink:
    try:
        data = signing.loads(token, salt=SALT, max_age=LINK_LIFETIME)
    except signing.SignatureExpired:
        raise BadChangeLink(
            "This link has expired, so the address was not changed. "
            "Ask again on your settings page if you still want the change."
        ) from None
    except signing.BadSignature:
        raise BadChangeLink("This link is not one we sent, or it was cut short.") from None
    change = AddressChange.objects.select_related("user").filter(pk=data.get("change")).first()
    if change is None or data.get("role") not in ROLES:
        raise BadChangeLink("This link is not one we sent, or it was cut short.")
    return ChangeLink(change=change, role=data["role"])
