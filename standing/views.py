"""A player's page, the ranking, and a player's choice to hide their page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from standing import pages
from standing.pages import GAMES_LISTED


@login_required
def player(request: HttpRequest, username: str) -> HttpResponse:
    page = pages.player_page(request.user.pk, username)
    if page is None:
        raise Http404("No such player.")
    own = page.player.pk == request.user.pk
    context = {"page": page, "own": own, "listed": GAMES_LISTED}
    return render(request, "standing/player.html", context)


@login_required
def ranking(request: HttpRequest) -> HttpResponse:
    return render(request, "standing/ranking.html", {"rows": pages.ranking()})


@login_required
@require_POST
def hide_page(request: HttpRequest) -> HttpResponse:
    hidden = request.POST.get("hidden") == "on"
    pages.set_hidden(request.user, hidden)
    shown = "only to those who played in a game with you" if hidden else "to everyone signed in"
    messages.success(request, f"Your page is now shown {shown}.")
    return redirect("player", request.user.get_username())
