"""Press: the messages a viewer may read, the form to write one, and JSON.

Everything shown comes from games.access (the viewer's own press, senders as
signed); every message is written by games.actions.send_press.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from common import limits
from games import access, actions
from games.access import Viewer
from games.forms.press import PressForm
from games.models import PressMode
from games.press import conversations
from games.press.conversations import PressThread
from games.press.models import EVERYONE
from games.press.pages import PRESS_PAGE_SIZE
from games.press.rules import why_closed
from games.press.threads import powers_of


@login_required
def press(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    return render_press(request, viewer)


def render_press(
    request: HttpRequest, viewer: Viewer, form: PressForm | None = None, thread_key: str = ""
) -> HttpResponse:
    threads = conversations.access_threads(viewer)
    # The powers a player may write to, read once for the thread, the form and the filter.
    powers = access.access_press_powers(viewer) if viewer.is_player else None
    wanted = thread_key or request.GET.get("thread", "")
    thread = conversations.access_thread(viewer, wanted, threads, powers)
    choices = correspondents(viewer, powers)
    correspondent = "" if thread else chosen_correspondent(request, viewer, choices)
    page = request.GET.get("page")
    shown_at = timezone.now()
    if thread is not None:
        lines = conversations.access_thread_page(viewer, thread.key, page, PRESS_PAGE_SIZE)
    else:
        lines = access.access_press_page(viewer, correspondent, page, PRESS_PAGE_SIZE)
    closed = why_closed(viewer.game)
    if form is None and viewer.is_player and not closed:
        form = press_form(viewer, initial=reply_initial(viewer, thread), powers=powers)
    if thread is not None:
        threads = read_thread(viewer, thread, threads, shown_at)
    context = {
        "game": viewer.game,
        "viewer": viewer,
        "lines": lines,
        "form": form,
        "closed": closed,
        "correspondent": correspondent,
        "correspondents": choices,
        "thread": thread,
        "threads": threads,
        "reply_to": powers_of(thread.key) if thread else [],
    }
    status = 400 if form is not None and form.is_bound else 200
    return render(request, "games/press.html", context, status=status)


def read_thread(
    viewer: Viewer, thread: PressThread, threads: list[PressThread], shown_at: datetime
) -> list[PressThread]:
    """Read once shown: the lines already drawn still mark what was new; the
    list of threads no longer counts this one as unread."""
    if not thread.unread:
        return threads
    actions.mark_thread_read(viewer.game, viewer.user, viewer.power, thread.key, shown_at)
    return [replace(item, unread=0) if item.key == thread.key else item for item in threads]


def reply_initial(viewer: Viewer, thread: PressThread | None) -> dict[str, object]:
    """A reply goes to the thread's powers (or everyone), signed by default
    with the player's own power, as every new message is."""
    if thread is None or not thread.can_reply:
        return {}
    return {"recipients": powers_of(thread.key) or [EVERYONE]}


def press_form(
    viewer: Viewer,
    data: object = None,
    initial: dict[str, object] | None = None,
    powers: list[str] | None = None,
) -> PressForm:
    """``powers``: access_press_powers(viewer), when the caller has it already."""
    if powers is None:
        powers = access.access_press_powers(viewer)
    form = PressForm(viewer.power, powers, access.access_press_signatures(viewer), data)
    form.initial.update(initial or {})
    return form


def chosen_correspondent(
    request: HttpRequest, viewer: Viewer, choices: list[str] | None = None
) -> str:
    wanted = request.GET.get("with", "")
    return wanted if wanted in (correspondents(viewer) if choices is None else choices) else ""


def correspondents(viewer: Viewer, press_powers: list[str] | None = None) -> list[str]:
    """The powers a viewer may filter by: any power for the game master (and
    for black press, where any power's name may appear); else the other players.
    ``press_powers``: access_press_powers(viewer), when the caller has it already."""
    if not (viewer.is_player or viewer.is_game_master):
        return []
    anyone = viewer.is_game_master or viewer.game.press_mode == PressMode.BLACK
    powers: Sequence[str]
    if anyone:
        powers = viewer.game.powers
    else:
        powers = access.access_press_powers(viewer) if press_powers is None else press_powers
    return [power for power in powers if power != viewer.power]


@login_required
@require_POST
def send(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game(request.user, game_id)
    access.require_press(viewer)
    if not viewer.is_player:
        raise PermissionDenied("Only a power's player sends press.")
    form = press_form(viewer, request.POST)
    thread_key = request.POST.get("thread", "")
    if not form.is_valid():
        return render_press(request, viewer, form, thread_key)
    data = form.cleaned_data
    try:
        limits.count_and_check(limits.PRESS, limits.by_person(request))
        actions.send_press(
            viewer.game,
            request.user,
            viewer.power,
            data["recipients"],
            data["body"],
            form.chosen_signature(),
        )
    except actions.ActionError as error:
        form.add_error(None, str(error))
        return render_press(request, viewer, form, thread_key)
    messages.success(request, "Message sent.")
    return redirect(after_sending(viewer, thread_key))


def after_sending(viewer: Viewer, thread_key: str) -> str:
    """Back to the thread a reply was written in, or to all press."""
    url = reverse("game_press", args=[viewer.game.pk])
    if conversations.access_thread(viewer, thread_key) is None:
        return url
    return f"{url}?{urlencode({'thread': thread_key})}"


@login_required
def press_json(request: HttpRequest, game_id: int) -> JsonResponse:
    viewer = access.access_game(request.user, game_id)
    correspondent = chosen_correspondent(request, viewer)
    page = access.access_press_page(viewer, correspondent, request.GET.get("page"), PRESS_PAGE_SIZE)
    return JsonResponse(
        {
            "messages": [line.as_json() for line in page],
            "page": page.number,
            "pages": page.paginator.num_pages,
        }
    )
