"""Votes as a viewer may see them: the open proposal (never who made it), one's
own ballot and the last outcome; every ballot only to the game master."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import (
    Case,
    F,
    QuerySet,
    When,
)

from common.prepared import prepared
from games.access.viewers import Viewer
from games.models import (
    Game,
)
from games.votes.models import Ballot, Proposal


@dataclass(frozen=True)
class VoteView:
    """The draw or concession vote as one viewer may see it."""

    open_proposal: str  # "" when none is open; never names the proposer
    own_ballot: bool | None  # the viewer's power's vote, None if not cast
    can_vote: bool
    last_outcome: str  # "a draw among all surviving powers: did not pass", or ""


def access_vote(viewer: Viewer) -> VoteView:
    game = viewer.game
    current, decided = open_and_last_decided(game)
    own = None
    if current is not None and viewer.is_player:
        ballot = current.ballots.filter(power=viewer.power).first()
        own = ballot.yes if ballot else None
    return VoteView(
        open_proposal=current.describe() if current else "",
        own_ballot=own,
        can_vote=viewer.is_player and game.status == Game.Status.ACTIVE,
        last_outcome=f"{decided.describe()}: {decided.get_status_display().lower()}"
        if decided
        else "",
    )


def open_and_last_decided(game: Game) -> tuple[Proposal | None, Proposal | None]:
    """The open proposal and the last decided one, in one query: at most one
    is open at a time, so the open one (if any) and the newest decided one are
    among the first two rows with the open one first."""
    first_two = open_then_decided(game_id=game.pk)
    current = next((row for row in first_two if row.status == Proposal.Status.OPEN), None)
    decided = next((row for row in first_two if row.status != Proposal.Status.OPEN), None)
    return current, decided


@prepared
def open_then_decided(game_id: int) -> QuerySet[Proposal]:
    is_open = Case(When(status=Proposal.Status.OPEN, then=0), default=1)
    rows = Proposal.objects.filter(game_id=game_id).annotate(closed=is_open)
    return rows.order_by("closed", F("decided").desc(nulls_last=True), "-id")[:2]


def access_ballots(viewer: Viewer) -> list[Ballot]:
    """Every ballot on the open or last proposal, with who proposed it: the game master only."""
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master reads the ballots.")
    proposal = Proposal.objects.filter(game=viewer.game).first()
    return list(proposal.ballots.all()) if proposal else []


def access_proposal_of_ballots(viewer: Viewer) -> Proposal | None:
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master reads the ballots.")
    return Proposal.objects.filter(game=viewer.game).first()
