"""/api/v1/tokens: a person's own tokens, listed and revoked by a program.

Making a token asks for the password (api/pages.py), so it is done on the
settings page only; listing and revoking need only a token. Any token may
revoke itself (a program signing out); revoking another of the person's
tokens takes a play token, as any write does.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router
from ninja.errors import HttpError

from api.answers import answers
from api.auth import require_play, token_of
from api.schemas import DoneOut, RevokeIn, TokenOut
from api.tokens import live_tokens, revoke_api_token
from common.errors import ActionError

router = Router(tags=["tokens"])


@router.get("/tokens", response=answers(list[TokenOut]), summary="My live tokens")
def my_tokens(request: HttpRequest) -> list[dict[str, Any]]:
    """Every live token of the person, newest first; never a secret."""
    asking = token_of(request)
    return [token_out(token, asking.pk) for token in live_tokens(request.user)]


def token_out(token: Any, asking_id: int | None) -> dict[str, Any]:
    return {
        "token_id": token.pk,
        "name": token.name,
        "prefix": token.prefix,
        "scope": token.scope,
        "game": token.game_id,
        "created": token.created,
        "last_used": token.last_used,
        "expires": token.expires,
        "this_token": token.pk == asking_id,
    }


@router.post(
    "/tokens/revoke",
    response=answers(DoneOut, 403, 404, 422),
    summary="Revoke one of my tokens",
)
def revoke_my_token(request: HttpRequest, body: RevokeIn) -> dict[str, str]:
    """Another person's token, or one already ended, is as if it did not exist (404)."""
    asking = token_of(request)
    if body.token_id != asking.pk:
        require_play(asking)
    try:
        revoke_api_token(request.user, body.token_id)
    except ActionError:
        raise HttpError(404, "No such token of yours.") from None
    return {"done": "Revoked: programs using it are refused from now on."}
