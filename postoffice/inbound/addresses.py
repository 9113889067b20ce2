"""Reply addresses: signed tokens in the local part, ``play+TOKEN@domain``.

A game hands out addresses whose token is a value of its own (a seat, a
side, a person) signed with the site's secret through django.core.signing;
the post office reads a reply's tokens back to values and asks the road
registered for values of that shape (postoffice.registry) whom it names.
The signature is base32 in lower case, because mail servers and providers
may fold the case of an address.
"""

from __future__ import annotations

import base64

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

SALT = "fogdip.inbound.reply-address"
GAME_MASTER_CODE = "gm"


class ReplySigner(signing.Signer):
    """django.core.signing's Signer with a signature that survives case folding."""

    def __init__(self) -> None:
        super().__init__(sep=".", salt=SALT, algorithm="sha256")

    def signature(self, value: str | bytes, key: str | bytes | None = None) -> str:
        digest = salted_hmac(SALT + "signer", value, key or self.key, algorithm="sha256")
        return base64.b32encode(digest.digest()[:20]).decode().rstrip("=").lower()


def local_part() -> str:
    return str(settings.INBOUND_EMAIL_LOCAL_PART)


def domain() -> str:
    configured = str(settings.INBOUND_EMAIL_DOMAIN)
    return configured or settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip("> ")


def address_for(token: str) -> str:
    return f"{local_part()}+{token}@{domain()}"


def signed_address(value: str) -> str:
    """The reply address that carries this value, signed."""
    return address_for(ReplySigner().sign(value))


def tokens_in(recipients: list[str]) -> list[str]:
    """Every ``play+TOKEN`` local part among the recipients, in lower case."""
    prefix = f"{local_part().lower()}+"
    found = []
    for address in recipients:
        mailbox = address.rsplit("@", 1)[0].strip().lower()
        if mailbox.startswith(prefix):
            found.append(mailbox[len(prefix) :])
    return found


def value_of(token: str) -> str | None:
    """The value a token signs, or None if its signature is not good."""
    try:
        return ReplySigner().unsign(token.lower())
    except signing.BadSignature:
        return None
