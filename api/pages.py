"""The settings page where a person makes, lists and revokes API tokens.

A new token's secret is shown once, on the answer to the form that made it;
only its digest is kept, so it can never be shown again.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from api.forms import TokenForm
from api.tokens import create_api_token, live_tokens, revoke_api_token
from common.errors import ActionError


@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    user: Any = request.user
    form = TokenForm(user, request.POST if request.method == "POST" else None)
    secret = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            secret = create_api_token(user, data["name"], data["scope"], data["game"]).secret
        except ActionError as refused:
            form.add_error(None, str(refused))
        else:
            form = TokenForm(user)
    context = {"form": form, "secret": secret, "tokens": live_tokens(user).select_related("game")}
    return render(request, "api/tokens.html", context)


@login_required
@require_POST
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        revoke_api_token(request.user, token_id)
    except ActionError:
        raise Http404("No such token") from None
    messages.success(request, "The token is revoked: programs using it are refused from now on.")
    return redirect("api_tokens")
