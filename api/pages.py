"""The settings page where a person makes, lists and revokes API tokens.

A new token's secret is shown once, on the answer to the form that made it;
only its digest is kept, so it can never be shown again. Making one asks for
the password (a wrong one counts as a wrong sign-in), is limited per day
(429 with Retry-After past it) and is told to the owner's address.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from api.forms import TokenForm
from api.tokens import live_tokens, make_personal_token, revoke_api_token
from common import limits
from common.errors import ActionError


@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    user: Any = request.user
    form = TokenForm(request, request.POST if request.method == "POST" else None)
    secret, status, wait = "", 200, 0
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            days = data["lifetime"] or None
            made = make_personal_token(user, data["name"], data["scope"], data["game"], days)
        except limits.LimitReached as reached:
            form.add_error(None, str(reached))
            status, wait = 429, reached.retry_after
        except ActionError as refused:
            form.add_error(None, str(refused))
        else:
            secret, form = made.secret, TokenForm(request)
    context = {"form": form, "secret": secret, "tokens": live_tokens(user).select_related("game")}
    page = render(request, "api/tokens.html", context, status=status)
    return limits.with_retry_after(page, wait) if wait else page


@login_required
@require_POST
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        revoke_api_token(request.user, token_id)
    except ActionError:
        raise Http404("No such token") from None
    messages.success(request, "The token is revoked: programs using it are refused from now on.")
    return redirect("api_tokens")
