"""The front page and the dashboard of a person's games."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from games.access import dashboard_rows


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    return render(request, "home.html")


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(request, "games/dashboard.html", {"rows": dashboard_rows(request.user)})
