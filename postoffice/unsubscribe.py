"""One-click unsubscribe (RFC 8058) from optional game email.

Every message to a player carries `List-Unsubscribe` (a link with a signed
token naming the player) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`,
so a mail client's "unsubscribe" button POSTs to the link without signing in.
It maps to the player's email settings: it turns off the mail a player may do
without (reminders, press), never their results, and never leaves a game. A GET
shows what the button will do and changes nothing; only a POST changes.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core import signing

from common.links import site_link

SALT = "fogdip.unsubscribe"
ONE_CLICK = "List-Unsubscribe=One-Click"


class BadUnsubscribeLink(ValueError):
    pass


def unsubscribe_token(user: Any) -> str:
    """No expiry: the button in a message read months later must still work."""
    return signing.dumps(user.pk, salt=SALT)


def unsubscribe_url(user: Any) -> str:
    return site_link("unsubscribe", unsubscribe_token(user))


def unsubscribe_headers(user: Any) -> dict[str, str]:
    return {"List-Unsubscribe": f"<{unsubscribe_url(user)}>", "List-Unsubscribe-Post": ONE_CLICK}


def read_unsubscribe_token(token: str) -> Any:
    try:
        user_id = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        raise BadUnsubscribeLink("This link is not one we sent, or it was cut short.") from None
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise BadUnsubscribeLink("This link is for an account that no longer exists.")
    return user
