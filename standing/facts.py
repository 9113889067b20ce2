"""The facts of a player's standing, as the games app reports them.

Each function takes plain values (a game's id, whether its facts are
``live``, users' ids and powers), called by games.actions inside the
transaction of the event. ``live`` is true only for a full-information game
without anonymity: there every player sees who ordered and who plays whom,
so its facts count at once. Any other game's facts stay unrevealed until
``game_finished`` reveals them all together (docs/fog.md, "Players' standing").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

from django.db import transaction
from django.db.models import F

from standing import figures
from standing.models import Outcome, Stint


def game_started(
    game_id: int, seats: Iterable[tuple[int, str]], now: datetime, live: bool, anonymous: bool
) -> None:
    """A stint for each (user id, power) seated at the start."""
    rows = [
        Stint(user_id=user_id, game_id=game_id, power=power, started=now, revealed=live)
        for user_id, power in seats
    ]
    for row in rows:
        row.anonymous = anonymous  # kept with the stint: the page never links it while running
    Stint.objects.bulk_create(rows)
    if live:
        figures.recount({row.user_id for row in rows})


def deadline_passed(
    game_id: int, ordinal: int, owed: Iterable[str], sent: Iterable[str], live: bool
) -> None:
    """The phase of this ordinal was adjudicated: each power in ``owed`` owed
    orders, those not in ``sent`` sent none (a missed deadline for its
    current player). A phase counts once, however often it is adjudicated."""
    owing = set(owed)
    missing = owing - set(sent)
    current = Stint.objects.filter(
        game_id=game_id, outcome=Outcome.RUNNING, counted_through__lt=ordinal, power__in=owing
    )
    users = set(current.values_list("user_id", flat=True))
    current.filter(power__in=missing).update(missed=F("missed") + 1)
    current.update(owed=F("owed") + 1, counted_through=ordinal)
    if live and users:
        figures.recount(users)


def seat_left(game_id: int, user_id: int, live: bool) -> None:
    """The player's seat opened (they left, or the game master opened it)."""
    Stint.objects.filter(game_id=game_id, user_id=user_id, outcome=Outcome.RUNNING).update(
        outcome=Outcome.LEFT
    )
    if live:
        figures.recount({user_id})


def seat_taken(
    game_id: int, user_id: int, power: str, now: datetime, live: bool, anonymous: bool
) -> None:
    """A newcomer took over a power someone else had held."""
    Stint.objects.create(
        user_id=user_id,
        game_id=game_id,
        power=power,
        started=now,
        took_over=True,
        revealed=live,
        anonymous=anonymous,
    )
    if live:
        figures.recount({user_id})


@transaction.atomic  # revealed all at once; the ratings' rows are locked as they move
def game_finished(game_id: int, outcomes: Mapping[str, str], now: datetime) -> None:
    """The game ended: each power's player gets its outcome (won, drawn,
    survived, eliminated), every stint of the game is revealed at once, and
    the ratings of its players move."""
    stints = Stint.objects.filter(game_id=game_id)
    for power, outcome in outcomes.items():
        stints.filter(power=power, outcome=Outcome.RUNNING).update(outcome=outcome)
    stints.update(revealed=True, finished=now)
    figures.recount(set(stints.values_list("user_id", flat=True)))
    figures.rate_game(game_id)
