"""Draw and concession votes: propose, vote, decide, and end the game with its result.

Every voter votes once, in secret; a proposal passes only when all of them
vote yes. In a standard game the voters are the surviving powers (a seat
still playing) and a proposal is decided as soon as the last one votes or,
failing that, when the phase it was made in is adjudicated. In a fog game
who survives is hidden, so every seat not open to a newcomer votes, and a
proposal is decided only when its phase is adjudicated: neither its moment
nor its outcome depends on an elimination (docs/fog.md, "Over the whole
timeline"). Only the outcome is announced, to every seated player alike.

A seat the caretaker plays votes the moment a proposal opens (or the moment
it is given to the caretaker, if one is open): yes to a draw, no to a
concession, by the proposal's kind alone (ruling 27, caretaker.ballots).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from caretaker.ballots import ballot_on
from games import standing_facts
from games.actions.base import ActionError, lock_game, log, require_seat, require_status
from games.animations import enqueue_animations
from games.emails import notify
from games.models import Game, ResultKind, Seat
from games.seats.models import CaretakerSeat
from games.votes.models import Ballot, Proposal

PLAYING = (Seat.Status.ACTIVE, Seat.Status.CIVIL_DISORDER)


def surviving_powers(game: Game) -> list[str]:
    """The powers still playing: the members of a draw, and a standard game's voters."""
    seats = game.seats.filter(status__in=PLAYING).exclude(power="")
    return sorted(set(seats.values_list("power", flat=True)))


def voters(game: Game) -> list[str]:
    """Who votes: in a fog game every seat as the public record shows it (an
    eliminated power's too, as nobody else may know of it); otherwise the
    surviving powers."""
    if not game.is_fogged:
        return surviving_powers(game)
    return sorted(set(game.active_seats().exclude(power="").values_list("power", flat=True)))


def open_proposal(game: Game) -> Proposal | None:
    return game.proposals.filter(status=Proposal.Status.OPEN).first()


def require_voter(game: Game, user: Any, power: str) -> None:
    require_seat(game, user, power)
    require_status(game, Game.Status.ACTIVE)
    if power not in voters(game):
        raise ActionError(f"{power.title()} has no units left and takes no part in votes.")


@transaction.atomic
def propose_draw(game: Game, user: Any, power: str) -> Proposal:
    return _propose(game, user, power, Proposal.Kind.DRAW, "")


@transaction.atomic
def propose_concession(game: Game, user: Any, power: str, conceded_to: str) -> Proposal:
    """Any power of the game may be named: refusing an eliminated one would tell of it."""
    if conceded_to not in game.powers:
        raise ActionError(f'"{conceded_to.title()}" is not a power of this game.')
    if conceded_to == power:
        raise ActionError(
            "You cannot concede to yourself: propose a concession to another power, or a draw."
        )
    return _propose(game, user, power, Proposal.Kind.CONCESSION, conceded_to)


def _propose(game: Game, user: Any, power: str, kind: str, conceded_to: str) -> Proposal:
    require_voter(game, user, power)
    game = lock_game(game)
    if open_proposal(game) is not None:
        raise ActionError("A proposal is already open: vote on it first.")
    proposal = Proposal.objects.create(
        game=game, kind=kind, conceded_to=conceded_to, proposed_by=power
    )
    log(game, user, "propose", f"{power}: {proposal.describe()}")
    notify.proposal_opened(proposal)
    # The caretaker's ballots first: the proposer's, cast last, decides a
    # standard game's proposal at once when every voter has then voted.
    caretakers_vote(proposal)
    _cast(proposal, user, power, yes=True)
    return proposal


@transaction.atomic
def vote(game: Game, user: Any, power: str, yes: bool) -> Proposal:
    """Cast or change the power's ballot on the open proposal."""
    require_voter(game, user, power)
    game = lock_game(game)
    proposal = open_proposal(game)
    if proposal is None:
        raise ActionError("There is no proposal to vote on.")
    log(game, user, "vote", f"{power}: {'yes' if yes else 'no'}")
    _cast(proposal, user, power, yes)
    return proposal


def _cast(proposal: Proposal, user: Any, power: str, yes: bool) -> None:
    Ballot.objects.update_or_create(
        proposal=proposal, power=power, defaults={"user": user, "yes": yes}
    )
    if proposal.game.is_fogged:
        return  # decided when the phase is adjudicated, whoever has voted by then
    if all_voted(proposal):
        _decide(proposal, passed=all_yes(proposal))


def caretakers_vote(proposal: Proposal) -> None:
    """Every voting seat the caretaker plays casts its ballot, if it has not:
    in the same transaction as the proposal, so it is on record before the
    proposal can be decided, however soon the phase ends (ruling 27)."""
    game = proposal.game
    voting = set(voters(game))
    cast = set(proposal.ballots.values_list("power", flat=True))
    cared = CaretakerSeat.objects.filter(game=game).exclude(seat__status=Seat.Status.REPLACED)
    for seat in (c.seat for c in cared.select_related("seat__user")):
        if seat.power in voting and seat.power not in cast:
            yes = ballot_on(proposal.kind)
            log(game, seat.user, "vote", f"{seat.power}: {'yes' if yes else 'no'} (the caretaker)")
            _cast(proposal, seat.user, seat.power, yes)
            if proposal.status != Proposal.Status.OPEN:
                return


def all_voted(proposal: Proposal) -> bool:
    ballots = set(proposal.ballots.values_list("power", flat=True))
    return set(voters(proposal.game)) <= ballots


def all_yes(proposal: Proposal) -> bool:
    ballots = dict(proposal.ballots.values_list("power", "yes"))
    return all(ballots.get(voter, False) for voter in voters(proposal.game))


def close_open_proposal(game: Game, may_pass: bool = True) -> bool:
    """At adjudication: a standard game's proposal not every power voted on
    fails; a fog game's passes when every voter said yes by then. True when
    it passed, and so ended the game."""
    proposal = open_proposal(game)
    if proposal is None:
        return False
    return _decide(proposal, passed=may_pass and game.is_fogged and all_yes(proposal))


def _decide(proposal: Proposal, passed: bool) -> bool:
    game = proposal.game
    if proposal.kind == Proposal.Kind.CONCESSION and proposal.conceded_to not in voters(game):
        passed = False
    proposal.status = Proposal.Status.PASSED if passed else Proposal.Status.FAILED
    proposal.decided = timezone.now()
    proposal.save(update_fields=["status", "decided"])
    log(game, None, "vote decided", f"{proposal.describe()}: {proposal.get_status_display()}")
    notify.proposal_decided(proposal)
    if passed and proposal.kind == Proposal.Kind.DRAW:
        finish_game(game, ResultKind.DRAW, surviving_powers(game))
    elif passed:
        finish_game(game, ResultKind.CONCESSION, [proposal.conceded_to])
    return passed


def vote_recorded(game: Game, yes: bool) -> str:
    """The answer to a vote, the same whatever the others did."""
    when = ", when this phase is adjudicated" if game.is_fogged else ""
    return f"Your vote ({'yes' if yes else 'no'}) is recorded. Only the outcome is announced{when}."


def result_text(game: Game, kind: str, powers: list[str]) -> str:
    """The result every player reads: a draw names its members only where the
    whole board is shown (full information, or the fog lifts at the end)."""
    names = ", ".join(power.title() for power in powers)
    if kind == ResultKind.SOLO:
        return f"{names} wins"
    if kind == ResultKind.CONCESSION:
        return f"Conceded to {names}"
    if kind == ResultKind.DRAW:
        shown = not game.is_fogged or game.unfog_when_finished
        return f"Draw between {names}" if shown else "Draw among all surviving powers"
    return "Ended by the game master"


def finish_game(game: Game, kind: str, powers: list[str], text: str = "") -> None:
    """End the game with its recorded result and tell every player."""
    text = text or result_text(game, kind, powers)
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED,
        finished=timezone.now(),
        result=text,
        result_kind=kind,
        result_powers=powers,
    )
    close_open_proposal_quietly(game)
    log(game, None, "finished", text)
    game.refresh_from_db()
    standing_facts.game_finished(game, game.finished or timezone.now())
    notify.game_ended(game)
    enqueue_animations(game)


def close_open_proposal_quietly(game: Game) -> None:
    """A game that ends otherwise leaves no proposal open."""
    rows = game.proposals.filter(status=Proposal.Status.OPEN)
    rows.update(status=Proposal.Status.FAILED, decided=timezone.now())
