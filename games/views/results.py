"""What the game page leads with: the season's results, where players look.

After a movement phase the latest record is a retreat or adjustment report,
quiet or not; a power's own results of the movement (its attacks, its
losses) are in the movement report. So while the latest report follows a
movement, the page leads with that movement's results, then each report
after it, labelled, in order ("then spring 1902 retreats: nothing to
report"). Under two seasons a year (Reynolds 1989) one report covers a whole
season, and its title says so.
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
class Later:
    """A report after the movement the page leads with."""

    knowledge: Knowledge
    title: str
    label: str

    @property
    def quiet(self) -> bool:
        return not self.knowledge.lines and not self.knowledge.messages


@dataclass(frozen=True)
class Lead:
    """The movement report the page leads with, and the reports since, oldest first."""

    knowledge: Knowledge
    ordinal: int
    title: str
    since: list[Later] = field(default_factory=list)


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


def follows_movement(preset: str, knowledge: Knowledge) -> bool:
    """A retreat or adjustment report, which a movement's results came before
    (under the 1989 rules such a report is the whole season's, movement included)."""
    return knowledge.phase[-1:] in ("R", "A") and not gateway.two_seasons(preset)


def lead_report(viewer: Viewer, current: Knowledge | None) -> Lead | None:
    """The latest movement report, with every report since, while the current
    report follows it; None when the current report is the one to lead with.
    One read of a fixed number of records, however long the game."""
    preset = viewer.game.preset
    if current is None or not follows_movement(preset, current):
        return None
    since: list[Later] = []
    for ordinal, knowledge in access.access_recent_knowledge(viewer, RECENT_RECORDS):
        if not follows_movement(preset, knowledge):
            title = report_title(preset, knowledge.phase)
            return Lead(knowledge, ordinal, title, list(reversed(since)))
        label = phase_label(knowledge.phase)
        since.append(Later(knowledge, report_title(preset, knowledge.phase), label))
    return None
