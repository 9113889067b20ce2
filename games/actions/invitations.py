"""The other road to an invitation: a confirmed account that is not the
invited address asks the game master, who approves or refuses.

An invitation is for its address and for one use (setup.join_by_invitation).
Approving a request gives it to the asking account instead: from then on that
account alone may claim it, once, and the address no longer can. Every step
is in the game log. The asker learns only how its own request stands, on the
invitation page, which already shows the game's name, rules and master.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.verification import is_confirmed
from common.links import absolute_url
from games.actions.base import ActionError, lock_game, log, require_game_master, require_status
from games.emails import notify
from games.models import Game, Invitation, InvitationRequest

Status = InvitationRequest.Status

ALREADY_ASKED = {
    Status.PENDING: "You have asked already; the game master has not answered yet.",
    Status.APPROVED: "The game master has given you this invitation: join with the form.",
    Status.REFUSED: "The game master refused to give you this invitation.",
}


def may_claim(invitation: Invitation, user: Any) -> bool:
    """Whether this account may claim the invitation: the account it was
    given to, or, while it was given to none, the account whose *confirmed*
    address is the invited one. An address merely typed at sign-up proves
    nothing: anyone holding the link could sign up with it."""
    if invitation.for_account_id is not None:
        return bool(invitation.for_account_id == getattr(user, "pk", None))
    return _is_invited_address(invitation, user) and is_confirmed(user)


def _is_invited_address(invitation: Invitation, user: Any) -> bool:
    return bool(user.email.strip().lower() == invitation.email.strip().lower())


@transaction.atomic
def ask_for_invitation(invitation: Invitation, user: Any) -> InvitationRequest:
    game = lock_game(invitation.game)
    require_status(game, Game.Status.FORMING)
    invitation = Invitation.objects.get(pk=invitation.pk)
    if may_claim(invitation, user):
        raise ActionError("This invitation is for you: join with the form.")
    _require_open(invitation)
    earlier = InvitationRequest.objects.filter(invitation=invitation, user=user).first()
    if earlier is not None:
        raise ActionError(ALREADY_ASKED[Status(earlier.status)])
    _require_may_ask(game, user)
    request = InvitationRequest.objects.create(invitation=invitation, user=user)
    log(game, user, "ask invitation", f"{user.get_username()} for {invitation.email}")
    notify.invitation_requested(request, absolute_url(reverse("console", args=[game.pk])))
    return request


def _require_open(invitation: Invitation) -> None:
    if invitation.accepted is not None:
        raise ActionError("This invitation has already been used.")
    if invitation.for_account_id is not None:
        raise ActionError("The game master has given this invitation to another account.")


def _require_may_ask(game: Game, user: Any) -> None:
    """Only an address its owner proved they read may stand in for the invited one."""
    if not is_confirmed(user):
        raise ActionError(
            "Confirm your account's address first (follow the link we sent to it): "
            "only a confirmed account may ask for another address's invitation."
        )
    if game.game_master_id == user.pk:
        raise ActionError("The game master cannot also play in the game.")
    if game.seat_of(user):
        raise ActionError("You have already joined this game.")


@transaction.atomic
def approve_invitation_request(game: Game, game_master: Any, request_id: int) -> Invitation:
    """The invitation goes to the asking account; other requests for it are
    refused, since it can seat one person."""
    request = _pending_request(game, game_master, request_id)
    invitation = request.invitation
    _require_open(invitation)
    # Conditional, as the claim is: an address claiming meanwhile wins, once.
    open_row = Invitation.objects.filter(
        pk=invitation.pk, accepted__isnull=True, for_account__isnull=True
    )
    if not open_row.update(for_account=request.user):
        raise ActionError("This invitation has already been used.")
    invitation.for_account = request.user
    _decide(request, Status.APPROVED)
    log(game, game_master, "approve invitation", _describe(request))
    for other in invitation.requests.filter(status=Status.PENDING).select_related("user"):
        _decide(other, Status.REFUSED)
        log(game, game_master, "refuse invitation", f"{_describe(other)} (given to another)")
    return invitation


@transaction.atomic
def refuse_invitation_request(game: Game, game_master: Any, request_id: int) -> None:
    request = _pending_request(game, game_master, request_id)
    _decide(request, Status.REFUSED)
    log(game, game_master, "refuse invitation", _describe(request))


def _pending_request(game: Game, game_master: Any, request_id: int) -> InvitationRequest:
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.FORMING)
    requests = InvitationRequest.objects.select_related("invitation", "user")
    request = requests.filter(pk=request_id, invitation__game=game).first()
    if request is None or request.status != Status.PENDING:
        raise ActionError("That request is not waiting for an answer.")
    return request


def _decide(request: InvitationRequest, status: str) -> None:
    request.status, request.decided = status, timezone.now()
    request.save(update_fields=["status", "decided"])


def _describe(request: InvitationRequest) -> str:
    return f"{request.user.get_username()} for {request.invitation.email}"
