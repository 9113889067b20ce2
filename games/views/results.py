"""What the game page leads with: the season's results, where players look.

Fog games hold every phase, so after a movement phase the latest record is
often a retreat or adjustment report with nothing in it; the page then leads
with the latest report that says something (the movement results) and names
the quiet phases after it. Under two seasons a year (Reynolds 1989) one
report covers a whole season, and its title says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudication.record import Knowledge
from adjudication.vocabulary import SEASON_NAMES, SETUP, phase_label
from games import access, gateway
from games.access import Viewer

# Records read back to find one that says something: a movement phase is at
# most two phases behind (its retreats, then the adjustments).
RECENT_RECORDS = 3


@dataclass(frozen=True)
class Lead:
    """The report the page leads with, and the quiet phases since."""

    knowledge: Knowledge
    ordinal: int
    title: str
    quiet: list[str] = field(default_factory=list)


def report_title(preset: str, phase: str) -> str:
    """ "Report on spring 1901 movement"; under the 1989 rules the whole
    season: "Report on spring 1901: movement and retreats"."""
    if phase == SETUP:
        return "The opening position"
    if not gateway.two_seasons(preset) or phase[-1] == "M" or phase[0] not in SEASON_NAMES:
        return f"Report on {phase_label(phase).lower()}"
    season = "spring" if phase[0] == "S" else "fall"
    covered = "movement and retreats" if phase[-1] == "R" else "movement, retreats and adjustments"
    return f"Report on {season} {phase[1:-1]}: {covered}"


def is_quiet(preset: str, knowledge: Knowledge) -> bool:
    """A retreat or adjustment report with nothing in it (under the 1989
    rules such a report is the whole season's, movement included)."""
    if knowledge.phase[-1:] not in ("R", "A") or gateway.two_seasons(preset):
        return False
    return not knowledge.lines and not knowledge.orders


def lead_report(viewer: Viewer, current: Knowledge | None) -> Lead | None:
    """The latest report that says something, when the current one is quiet;
    None when the current report is the one to lead with. One read of a
    fixed number of records, however long the game."""
    preset = viewer.game.preset
    if current is None or not is_quiet(preset, current):
        return None
    recent = access.access_recent_knowledge(viewer, RECENT_RECORDS)
    quiet: list[str] = []
    for ordinal, knowledge in recent:
        if not is_quiet(preset, knowledge):
            title = report_title(preset, knowledge.phase)
            return Lead(knowledge, ordinal, title, list(reversed(quiet)))
        quiet.append(phase_label(knowledge.phase))
    return None
