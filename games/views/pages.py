"""The front page and the dashboard of a person's games."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render

from games.dashboard import DashboardRow, dashboard_rows


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    return render(request, "home.html")


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    context = {"rows": dashboard_rows(request.user), "poll_seconds": settings.LIVE_POLL_SECONDS}
    return render(request, "games/dashboard.html", context)


@login_required
def dashboard_status(request: HttpRequest) -> JsonResponse:
    """The dashboard's changing parts, polled by the dashboard and the game page
    every LIVE_POLL_SECONDS: the same five queries as the dashboard, and only
    the user's own state (the public phase, their orders, their unread press)."""
    return JsonResponse({"games": [status_of(row) for row in dashboard_rows(request.user)]})


def status_of(row: DashboardRow) -> dict[str, str | int]:
    phase = row.phase
    is_open = phase is not None and phase.status == "open" and row.game.status == "active"
    return {
        "id": row.game.pk,
        "status": row.game.status,
        "phase": phase.label if phase else "",
        "state": row.state,
        "deadline": phase.deadline.isoformat() if is_open and phase else "",
        "unread": row.unread,
    }
