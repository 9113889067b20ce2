"""Making, finding and revoking personal API tokens.

The secret is ``fogdip_`` and 32 random bytes in URL-safe base64; only its
SHA-256 digest is stored, so a database read gives nobody a usable token.

A person makes tokens on the settings page (make_personal_token, after the
page checked their password): a few a day at most, a play token only with a
confirmed address, and the owner is told by email of each. The caretaker's
passes make theirs with create_api_token alone.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Now
from django.utils import timezone

from accounts.notices import TOKEN_MADE, tell_owner
from accounts.verification import is_confirmed
from api.models import ApiToken
from common import limits
from common.errors import ActionError
from common.links import site_link
from common.prepared import first_of, prepared
from games.models import Game

PREFIX = "fogdip_"
TOKENS_PER_PERSON = 20
# Writing last_used on every request would make each read a write.
LAST_USED_EVERY = 60


@dataclass(frozen=True)
class NewToken:
    """A token just made, with the secret that is never shown again."""

    token: ApiToken
    secret: str


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@transaction.atomic
def create_api_token(
    user: Any, name: str, scope: str, game: Game | None = None, expires: datetime | None = None
) -> NewToken:
    """A new token for ``user``; limited to ``game`` when one is given, and
    opening nothing from ``expires`` on when one is given."""
    name = name.strip()
    if not name:
        raise ActionError("Give the token a name, to tell it apart from your others.")
    if scope not in ApiToken.Scope.values:
        raise ActionError(f"Unknown scope {scope!r}: choose read or play.")
    if live_tokens(user).count() >= TOKENS_PER_PERSON:
        raise ActionError(f"You have {TOKENS_PER_PERSON} tokens; revoke one first.")
    secret = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name[:60],
        digest=digest_of(secret),
        prefix=secret[:12],
        scope=scope,
        game=game,
        expires=expires,
    )
    return NewToken(token, secret)


@transaction.atomic
def make_personal_token(
    user: Any, name: str, scope: str, game: Game | None = None, days: int | None = None
) -> NewToken:
    """A token the person asked for on the settings page (their password checked
    there), lasting ``days`` when given, else until it is revoked."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # one at a time
    check_daily_allowance(user)
    if scope == ApiToken.Scope.PLAY and not is_confirmed(user):
        raise ActionError(
            "Confirm your address first (follow the link we sent to it): a play token is "
            "made only for a confirmed address, which we tell of every token made."
        )
    expires = timezone.now() + timedelta(days=days) if days else None
    made = create_api_token(user, name, scope, game, expires)
    tell_owner(user, TOKEN_MADE, token_facts(made.token))
    return made


def check_daily_allowance(user: Any) -> None:
    """At most RATE_LIMIT_API_TOKENS made over its period (a day), revoked ones
    counted too: making and revoking tokens buys no budget (api.auth counts
    requests per person anyway). Counted in the database, not the cache, so
    the allowance is exact."""
    since = timezone.now() - timedelta(seconds=limits.API_TOKENS.seconds)
    made = ApiToken.objects.filter(user=user, created__gt=since).order_by("created")
    if made.count() < limits.API_TOKENS.count:
        return
    oldest = made.values_list("created", flat=True).first()
    assert oldest is not None
    frees_up = oldest + timedelta(seconds=limits.API_TOKENS.seconds) - timezone.now()
    raise limits.LimitReached(limits.API_TOKENS, retry_after=math.ceil(frees_up.total_seconds()))


def token_facts(token: ApiToken) -> dict[str, str]:
    """What the owner's email says of a new token: never its secret."""
    return {
        "token_name": token.name,
        "token_prefix": token.prefix,
        "scope": ApiToken.Scope(token.scope).label,
        "opens": token.game.name if token.game else "all your games",
        "tokens_url": site_link("api_tokens"),
    }


def revoke_api_token(user: Any, token_id: int) -> None:
    """Revoke one of the user's own tokens; another's is as if it did not exist."""
    changed = live_tokens(user).filter(pk=token_id).update(revoked=timezone.now())
    if not changed:
        raise ActionError("No such token.")


def live_tokens(user: Any) -> Any:
    live = ApiToken.objects.filter(user=user, revoked__isnull=True).filter(not_expired())
    return live.filter(since_the_password())


def not_expired() -> Q:
    """No expiry, or one still ahead (the database's clock, so a compiled query keeps it)."""
    return Q(expires__isnull=True) | Q(expires__gt=Now())


def since_the_password() -> Q:
    """A new password (the reset link, the password page) ends every token made
    before it: accounts.new_password records the moment on the profile."""
    changed = "user__profile__password_changed"
    return Q(**{f"{changed}__isnull": True}) | Q(created__gt=F(changed))


def token_for(secret: str) -> ApiToken | None:
    """The live token whose secret this is, with its user; None otherwise."""
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    token = live_token.first(digest=digest_of(secret))
    if token is not None:
        _note_use(token)
    return token


@prepared
def live_token(digest: str) -> QuerySet[ApiToken]:
    """Compiled once (common.prepared): every API request by token asks it."""
    tokens = ApiToken.objects.select_related("user")
    live = tokens.filter(digest=digest, revoked__isnull=True, user__is_active=True)
    return first_of(live.filter(since_the_password()).filter(not_expired()))


def _note_use(token: ApiToken) -> None:
    now = timezone.now()
    if token.last_used is None or (now - token.last_used).total_seconds() > LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
