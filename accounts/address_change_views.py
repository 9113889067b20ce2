"""Changing the account's address: the links sent to both addresses, and
taking back a pending change from the settings page (accounts.address_change)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.address_change import cancel_change, follow_link, why_closed
from accounts.change_links import BadChangeLink, read_link

PAGE = "registration/address_change.html"


def change_link(request: HttpRequest, token: str) -> HttpResponse:
    """The link from either email: opening it shows what its button does and
    changes nothing, since mail scanners open links; the button does it. It
    works signed in or not, as people read mail anywhere."""
    try:
        link = read_link(token)
        if request.method == "POST":
            change = follow_link(link)
            return render(request, PAGE, {"done": link.role, "change": change})
    except BadChangeLink as bad:
        return render(request, PAGE, {"error": str(bad)}, status=400)
    reason = why_closed(link.change, link.role)
    if reason:  # the button would be refused: say so at once
        return render(request, PAGE, {"error": reason}, status=400)
    return render(request, PAGE, {"role": link.role, "change": link.change})


@login_required
@require_POST
def cancel(request: HttpRequest) -> HttpResponse:
    if cancel_change(request.user) is None:
        messages.info(request, "There was no change of address waiting.")
    else:
        messages.success(request, "The change of address is cancelled: your address stays.")
    return redirect("profile")
