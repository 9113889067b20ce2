"""Every post that acts on a phase names the phase its form was made for.

A tab left open across an adjudication would otherwise give the next phase
the orders, the "ready" or the vote meant for the last one. Each such form
carries the phase's name ("F1902M") in a hidden field, a word of the game's
public schedule (a database id would tell of other games' activity); a post
for a phase that is no longer the open one is refused with the phase open
now, and the view shows what was typed again for the player to reuse. A
post that names no phase (a script, an old page) is read as meant for the
open phase. A phase that a rollback re-opens keeps its name.
"""

from __future__ import annotations

from django.http import HttpRequest

from games.models import Phase

PHASE_FIELD = "phase"


def moved_on(request: HttpRequest, open_phase: Phase | None) -> str:
    """Why this post may not act on ``open_phase``; "" when it may."""
    posted = request.POST.get(PHASE_FIELD)
    if posted is None or posted.strip().upper() == open_id(open_phase):
        return ""
    return refusal(open_phase)


def open_id(phase: Phase | None) -> str:
    """The phase a form made now names; "" when no phase is open."""
    return phase.name if phase is not None and phase.status == Phase.Status.OPEN else ""


def refusal(open_phase: Phase | None) -> str:
    """ "the phase has moved on: Fall 1902 movement is open now", or the phase
    being processed when none is open."""
    if open_phase is None:
        now = "no phase is open now"
    elif open_id(open_phase):
        now = f"{open_phase.label} is open now"
    else:
        now = f"{open_phase.label} is being processed now"
    return f"Not done: the phase has moved on: {now}."
