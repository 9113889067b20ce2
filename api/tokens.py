"""Making, finding and revoking personal API tokens.

The secret is ``fogdip_`` and 32 random bytes in URL-safe base64; only its
SHA-256 digest is stored, so a database read gives nobody a usable token.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from api.models import ApiToken
from common.errors import ActionError
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
def create_api_token(user: Any, name: str, scope: str, game: Game | None = None) -> NewToken:
    """A new token for ``user``; limited to ``game`` when one is given."""
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
    )
    return NewToken(token, secret)


def revoke_api_token(user: Any, token_id: int) -> None:
    """Revoke one of the user's own tokens; another's is as if it did not exist."""
    changed = live_tokens(user).filter(pk=token_id).update(revoked=timezone.now())
    if not changed:
        raise ActionError("No such token.")


def live_tokens(user: Any) -> Any:
    return ApiToken.objects.filter(user=user, revoked__isnull=True)


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
    return first_of(tokens.filter(digest=digest, revoked__isnull=True, user__is_active=True))


def _note_use(token: ApiToken) -> None:
    now = timezone.now()
    if token.last_used is None or (now - token.last_used).total_seconds() > LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
