"""The front page and the dashboard of a person's games."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from games.access import games_of, games_with_latest_phase


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    return render(request, "home.html")


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    rows = games_with_latest_phase(games_of(request.user).select_related("game_master"))
    return render(request, "games/dashboard.html", {"rows": rows})
