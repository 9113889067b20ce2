"""What the games app tells the standing app as a game is played
(standing.facts; docs/standing.md). Practice games against the caretaker
count for nothing. A game's facts are ``live`` (counted at once) only in a
full-information game without anonymity, where every player already sees
who plays whom and who ordered; any other game's wait for its end."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from accounts.reserved import RESERVED_PREFIXES
from games.models import Game, ResultKind, Seat
from standing import facts
from standing.models import Outcome


def counts(game: Game) -> bool:
    return game.practice_player_id is None


def is_live(game: Game) -> bool:
    return not game.is_fogged and not game.anonymous


def is_a_person(user: Any) -> bool:
    """The caretaker's and practice games' accounts are programs: no standing."""
    return not user.get_username().startswith(RESERVED_PREFIXES)


def game_started(game: Game, seats: Iterable[Seat], now: datetime) -> None:
    if counts(game):
        held = [(seat.user_id, seat.power) for seat in seats if is_a_person(seat.user)]
        facts.game_started(game.pk, held, now, is_live(game), game.anonymous)


def deadline_passed(game: Game, ordinal: int, owed: set[str], sent: set[str]) -> None:
    if counts(game):
        facts.deadline_passed(game.pk, ordinal, owed, sent, is_live(game))


def seat_left(seat: Seat) -> None:
    if counts(seat.game):
        facts.seat_left(seat.game_id, seat.user_id, is_live(seat.game))


def seat_taken(seat: Seat, now: datetime) -> None:
    game = seat.game
    if counts(game):
        facts.seat_taken(game.pk, seat.user_id, seat.power, now, is_live(game), game.anonymous)


def game_finished(game: Game, now: datetime) -> None:
    if counts(game):
        facts.game_finished(game.pk, outcomes(game), now)


def outcomes(game: Game) -> dict[str, str]:
    """Each seated power's end: the winner (a solo, or the power conceded
    to), the draw's members, the survivors, the eliminated."""
    named = set(game.result_powers or [])
    winning = game.result_kind in (ResultKind.SOLO, ResultKind.CONCESSION)
    ends = {}
    for power, status in game.active_seats().exclude(power="").values_list("power", "status"):
        if status == Seat.Status.ELIMINATED:
            ends[power] = Outcome.ELIMINATED.value
        elif power in named and winning:
            ends[power] = Outcome.WON.value
        elif power in named and game.result_kind == ResultKind.DRAW:
            ends[power] = Outcome.DRAWN.value
        else:
            ends[power] = Outcome.SURVIVED.value
    return ends
