"""Decorators shared by the game views."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games.access import Viewer, access_game_as_master
from games.actions import ActionError

ConsoleView = Callable[[HttpRequest, Viewer], str | None]


def game_master_action(view: ConsoleView) -> Callable[..., HttpResponse]:
    """A POST-only console control: the game master only; a refused action
    becomes an error message on the console, a done one its success message."""

    @login_required
    @require_POST
    @wraps(view)
    def wrapper(request: HttpRequest, game_id: int, *args: Any) -> HttpResponse:
        viewer = access_game_as_master(request.user, game_id)
        try:
            done = view(request, viewer, *args)
        except ActionError as error:
            messages.error(request, str(error))
        else:
            if done:
                messages.success(request, done)
        return redirect("console", game_id)

    return wrapper
