"""The invitation page's other road: asking the game master to take an
invitation sent to another address (games.actions.invitations)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from accounts.verification import is_confirmed
from games import actions
from games.actions.invitations import may_claim
from games.models import Invitation, InvitationRequest


@login_required
@require_POST
def ask(request: HttpRequest, token: str) -> HttpResponse:
    invitation = get_object_or_404(Invitation.objects.select_related("game"), token=token)
    try:
        actions.ask_for_invitation(invitation, request.user)
    except actions.ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Asked: the game master will approve or refuse.")
    return redirect("invitation", token)


def invitation_context(invitation: Invitation, user: Any) -> dict[str, Any]:
    """What the page says of the other road: only the viewer's own request.
    The invited address is shown only to its confirmed owner: to anyone else
    holding the link it would tell whom the game master invited."""
    if may_claim(invitation, user):
        return {"for_viewer": True, "invited_address": invitation.email}
    own = InvitationRequest.objects.filter(invitation=invitation, user=user).first()
    return {
        "for_viewer": False,
        "given_to_another": invitation.for_account_id is not None,
        "own_request": own,
        "may_ask": own is None and is_confirmed(user),
    }
