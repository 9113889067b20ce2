"""Running the caretaker for every seat given to it, through the API's own routes.

The periodic task (api.tasks.care_for_seats) calls ``run_caretakers``: for
each cared-for seat whose game has an open phase with no orders from that
power yet, one pass of ``caretaker.client.Caretaker``. Its requests are
answered in-process by the site itself (api/in_process.py: a WSGI
request through every middleware, the URL configuration and the API's
authentication), so it reads exactly what any client of the API with a
play token for that seat's game would: the power's own record.

No secret is stored for it, and no token is made: each pass carries a pass
for the seat (api/seat_pass.py), a play token limited to the seat's game
that is never saved, so the pass leaves no row and takes no id that a
player's own tokens would show.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db.models import Case, Exists, F, OuterRef, Q, QuerySet, Subquery, Value, When

from api.in_process import in_process
from api.seat_pass import seat_pass
from caretaker.client import Caretaker
from common.isolated import isolated
from games.models import Game, OrderSheet, Phase, Preset, Seat
from games.seats.models import CaretakerSeat

logger = logging.getLogger(__name__)


def run_caretakers() -> list[int]:
    """One pass for each cared-for seat that owes orders now, the most pressing
    first, at most CARETAKER_PASSES_PER_SWEEP of them: the ids of those played.
    Anyone may start practice games, so their number has no bound of its own;
    the sweep's does, and the seats left wait for the next sweep."""
    played = []
    for cared in most_pressing(due_seats())[: settings.CARETAKER_PASSES_PER_SWEEP]:
        failed = f"the caretaker of {cared.seat.power} in game {cared.game_id} failed"
        if isolated(play_seat, cared, fallback=False, failed=failed):
            played.append(cared.pk)
    return played


def due_seats() -> QuerySet[CaretakerSeat]:
    """Seats the caretaker still plays, in running games, with no orders in the open phase."""
    open_phase = Phase.objects.filter(game=OuterRef("game"), status=Phase.Status.OPEN)
    ordered = OrderSheet.objects.filter(
        phase__game=OuterRef("game"), phase__status=Phase.Status.OPEN, power=OuterRef("seat__power")
    )
    playing = Q(seat__status__in=(Seat.Status.ACTIVE, Seat.Status.CIVIL_DISORDER))
    # A fog game's early end waits for every seat, an eliminated one's too
    # (docs/fog.md): the caretaker keeps saying "ready" for a power that is
    # out, or the phases would stop ending early once it fell, telling every
    # player that some power is out.
    out_in_fog = Q(seat__status=Seat.Status.ELIMINATED) & ~Q(game__preset=Preset.STANDARD)
    return (
        CaretakerSeat.objects.filter(playing | out_in_fog, game__status=Game.Status.ACTIVE)
        .filter(Exists(open_phase))
        .exclude(Exists(ordered))
        .select_related("seat__user", "game")
    )


def most_pressing(seats: QuerySet[CaretakerSeat]) -> QuerySet[CaretakerSeat]:
    """Real games' seats before any practice game's (throw-away accounts may
    start those, and must not hold a real deadline back), then by the open
    phase's deadline, nearest first; a paused phase, with none, last."""
    open_phase = Phase.objects.filter(game=OuterRef("game"), status=Phase.Status.OPEN)
    practice = Case(When(game__practice_player__isnull=True, then=Value(0)), default=Value(1))
    return seats.annotate(
        practice=practice, deadline=Subquery(open_phase.values("deadline")[:1])
    ).order_by("practice", F("deadline").asc(nulls_last=True), "pk")


def play_seat(cared: CaretakerSeat) -> bool:
    transport = in_process(seat_pass(cared.seat.user, cared.game))
    said = Caretaker(transport, cared.game_id).play_once()
    logger.info("caretaker of %s in game %s: %s", cared.seat.power, cared.game_id, said)
    return True
