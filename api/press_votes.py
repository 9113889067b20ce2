"""/api/v1/: press under the game's press rule, and draw or concession votes.

Press is read through games.access (what the player's power sent or
received, senders as signed) and sent through actions.send_press, which
applies the game's press rule (none, white, grey, black) exactly as for the
web and email. Votes go through the actions in games/actions/votes.py.
"""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router
from ninja.errors import HttpError

from api.answers import READ, WRITE, answers
from api.schemas import (
    NAME_CHARS,
    BallotIn,
    DoneOut,
    PressIn,
    PressPageOut,
    ProposalIn,
    SentOut,
    VoteOut,
)
from api.viewing import player_for, viewer_for
from common import limits
from games import access, actions
from games.press.pages import PRESS_PAGE_SIZE
from games.press.rules import has_press

router = Router(tags=["press and votes"])

MOST_PAGES = 10**6  # far past any game's press; a larger number is a mistake
NO_PRESS = "This game has no press: it is played without negotiation."

PAGE = f"Newest first, {PRESS_PAGE_SIZE} a page; 1 to {MOST_PAGES:,}; past the last, the last."
CORRESPONDENT = "One conversation: a power's name."
SINCE = (
    f"A message's `id`: the messages after it, oldest first, at most {PRESS_PAGE_SIZE} "
    "(`more` says whether others follow); `page` is then not read. A cursor that does "
    "not shift as messages come: poll with the last `id` you hold."
)


@router.get(
    "/games/{game_id}/press",
    response=answers(PressPageOut, 404, 409, 422),
    summary="My press: newest first by page, or oldest first after a message",
)
def my_press(
    request: HttpRequest,
    game_id: int,
    page: int = Query(1, ge=1, le=MOST_PAGES, description=PAGE),
    correspondent: str = Query("", max_length=NAME_CHARS, description=CORRESPONDENT),
    since: str = Query("", max_length=NAME_CHARS, description=SINCE),
) -> dict[str, object]:
    """``correspondent`` keeps one conversation, as the press page's filter does."""
    viewer = viewer_for(request, game_id)
    if not has_press(viewer.game):
        raise HttpError(409, NO_PRESS)
    if since:
        return press_after(viewer, correspondent.upper(), since)
    found = access.access_press_page(viewer, correspondent.upper(), page, PRESS_PAGE_SIZE)
    pages = found.paginator.num_pages
    lines = [press_out(line) for line in found]
    return {"messages": lines, "page": found.number, "pages": pages, "more": found.number < pages}


def press_after(viewer: access.Viewer, correspondent: str, since: str) -> dict[str, object]:
    found = access.access_press_since(viewer, correspondent, since, PRESS_PAGE_SIZE + 1)
    lines = [press_out(line) for line in found[:PRESS_PAGE_SIZE]]
    return {"messages": lines, "page": 1, "pages": 1, "more": len(found) > PRESS_PAGE_SIZE}


def press_out(line: access.PressLine) -> dict[str, object]:
    """A line as the API gives it: ids and power names beside the words, null for unknown."""
    shown = line.as_json()
    return {
        **shown,
        "id": line.id,
        "signed": line.signed,
        "recipients": list(line.recipients),
        "true_sender": line.true_sender or None,
    }


@router.post("/games/{game_id}/press", response=answers(SentOut, *WRITE), summary="Send press")
def send_press(request: HttpRequest, game_id: int, body: PressIn) -> dict[str, object]:
    """Recipients are power names or EVERYONE; ``shown_as`` is how it is signed,
    where the game's press rule lets the sender choose."""
    viewer = player_for(request, game_id)
    if not has_press(viewer.game):
        raise HttpError(409, NO_PRESS)
    limits.count_and_check(limits.PRESS, limits.by_person(request))
    recipients = [name.strip().upper() for name in body.recipients]
    shown_as = body.shown_as.strip().upper() or viewer.power
    actions.send_press(viewer.game, request.user, viewer.power, recipients, body.body, shown_as)
    return {"sent": True}


@router.get(
    "/games/{game_id}/vote", response=answers(VoteOut, *READ), summary="The vote, as I may see it"
)
def my_vote(request: HttpRequest, game_id: int) -> dict[str, object]:
    """As the vote page shows it; what is not there is null, never ""."""
    vote = access.access_vote(viewer_for(request, game_id))
    return {
        "open_proposal": vote.open_proposal or None,
        "own_ballot": vote.own_ballot,
        "can_vote": vote.can_vote,
        "last_outcome": vote.last_outcome or None,
    }


@router.post(
    "/games/{game_id}/proposals",
    response=answers(DoneOut, *WRITE),
    summary="Propose a draw or concession",
)
def propose(request: HttpRequest, game_id: int, body: ProposalIn) -> dict[str, str]:
    viewer = player_for(request, game_id)
    if body.kind == "concession":
        to = body.conceded_to.strip().upper()
        proposal = actions.propose_concession(viewer.game, request.user, viewer.power, to)
    else:
        proposal = actions.propose_draw(viewer.game, request.user, viewer.power)
    return {"done": f"You proposed {proposal.describe()} and voted yes."}


@router.post(
    "/games/{game_id}/vote", response=answers(DoneOut, *WRITE), summary="Vote on the open proposal"
)
def vote(request: HttpRequest, game_id: int, body: BallotIn) -> dict[str, str]:
    viewer = player_for(request, game_id)
    actions.vote(viewer.game, request.user, viewer.power, body.yes)
    return {"done": "Your vote is recorded. Only the outcome is announced."}
