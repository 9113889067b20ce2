"""After the fog lifts: the replay page (the true board beside any power's
view, phase by phase, with every order and result), the animated maps and the
supply-centre chart. Everything comes through games.access: the replay and
the chart open only at the end, when the game master lets the fog lift."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify

from adjudication.record import Knowledge, SeenOrder, parse_record
from games import access, gateway, maps_adapter
from games.access import Viewer
from games.views.play import history_power
from maps.chart import centre_chart_svg


@login_required
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game_to_watch(request.user, game_id)
    steps = access.access_replay_steps(viewer)
    context: dict[str, Any] = {"game": viewer.game, "viewer": viewer, "steps": steps}
    if steps:
        context.update(step_context(viewer, chosen_step(request, steps), chosen_power(request)))
    return render(request, "games/replay.html", context)


def chosen_step(request: HttpRequest, steps: list[tuple[int, str]]) -> int:
    """?phase=<ordinal>; the last step when not given; 404 for a step there is not."""
    wanted = request.GET.get("phase", "")
    if not wanted:
        return steps[-1][0]
    ordinals = {str(ordinal): ordinal for ordinal, _ in steps}
    if wanted not in ordinals:
        raise Http404("No such phase")
    return ordinals[wanted]


def chosen_power(request: HttpRequest) -> str | None:
    return request.GET.get("power") or None


def step_context(viewer: Viewer, ordinal: int, power: str | None) -> dict[str, Any]:
    """One step's two records (the true board's and one power's): two rows read."""
    powers = viewer.game.powers
    # A player opens the replay on their own power; anyone else on the first.
    power = power or (viewer.power if viewer.power in powers else powers[0])
    if power not in powers:
        raise Http404("No such power")
    # As each phase told it, like the history and its maps (access_history_at).
    full = parse_record(access.access_history_at(viewer, ordinal, ""))
    return {
        "ordinal": ordinal,
        "full": full,
        "side": parse_record(access.access_history_at(viewer, ordinal, power)),
        "side_power": power,
        "powers": powers,
        "orders_by_power": orders_by_power(full),
        "full_map_url": maps_adapter.map_url(viewer.game.pk, ordinal, ""),
        "side_map_url": maps_adapter.map_url(viewer.game.pk, ordinal, power),
    }


def orders_by_power(full: Knowledge) -> list[tuple[str, list[SeenOrder]]]:
    """Every power's orders of the phase with their results, power by power."""
    ordered = sorted(full.orders, key=lambda order: order.power or "")
    return [(power, list(orders)) for power, orders in groupby(ordered, lambda o: o.power or "")]


@login_required
def animation(request: HttpRequest, game_id: int) -> HttpResponse:
    """The viewer's own records as a looping GIF; ``?power=`` (ALL: the true
    board) where the viewer may read that power's records: at the end, in the replay."""
    viewer = access.access_game_to_watch(request.user, game_id)
    power = history_power(request, viewer)
    records = [row.data for row in access.access_records(viewer, power)]
    if not records:
        raise Http404("Nothing played yet")
    response = HttpResponse(
        maps_adapter.animation_gif(records, viewer.game.name), content_type="image/gif"
    )
    whose = (access.record_key(viewer, power) or "whole board").lower().replace(" ", "-")
    filename = f"{slugify(viewer.game.name) or 'game'}-{whose}.gif"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-cache"
    return response


@login_required
def centre_chart(request: HttpRequest, game_id: int) -> HttpResponse:
    """Each power's supply centres over the game, from the true records: the replay only."""
    viewer = access.access_game_to_watch(request.user, game_id)
    steps = access.access_centre_history(viewer)
    if not steps:
        raise Http404("Nothing played yet")
    board = gateway.board(viewer.game.preset)
    colours = maps_adapter.colours_of(viewer.game.preset)
    svg = centre_chart_svg(steps, colours, board.victory_centres)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "private, max-age=86400"
    return response
