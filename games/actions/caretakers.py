"""The caretaker: the game master lets a program play a seat nobody plays.

A seat may be given to the caretaker when it is empty (open, or never
taken) or in civil disorder. The caretaker gets an account and a seat of its
own, like any newcomer, so the API opens to it exactly what a player in that
seat would read: that power's knowledge record, nothing more
(api/caretaking.py runs it). The game master may later hand the power
to a person ("Replace the player of"), which ends the caretaker's turn.

Who is told follows what was already public (ruling 26, docs/rulings.md):
an empty seat is public (the lobby lists it), so every player is told that
the caretaker plays it; a seat in civil disorder is public only where
everyone sees who ordered (a standard game), so in a fog game only its old
player is told (the farewell, as when the game master replaces a player).
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.reserved import CARETAKER_PREFIX, PRACTICE_PREFIX
from accounts.verification import is_confirmed
from games import standing_facts
from games.actions.base import ActionError, lock_game, log, require_game_master, require_status
from games.actions.seats import PLAYING, current_seat, open_seat_of
from games.actions.setup import assign_powers, create_game, join, start_game
from games.actions.votes import caretakers_vote, finish_game, open_proposal
from games.emails import notify, seat_mail
from games.models import Game, OpenSeat, Phase, Preset, ResultKind, Seat
from games.seats.models import CaretakerSeat

# A practice game costs the site a caretaker's pass for six seats every
# phase: one account may run a few at a time, and start a few more a day.
PRACTICE_GAMES_AT_ONCE = 3
PRACTICE_GAMES_A_DAY = 10
DAY = timedelta(hours=24)
# 64 random bits a name: a second draw is already a curiosity.
NAME_DRAWS = 5


@transaction.atomic
def care_for_seat(game: Game, game_master: Any, power: str) -> CaretakerSeat:
    """The caretaker plays ``power``, whose seat is empty or in civil disorder; logged."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, *PLAYING)
    if power not in game.powers:
        raise ActionError(f"There is no power called {power.title() or '(none)'}.")
    public = _vacate(game, power)
    seat = Seat.objects.create(game=game, user=caretaker_account(), power=power)
    phase = game.phases.filter(status=Phase.Status.OPEN).order_by("-ordinal").first()
    opened = open_seat_of(game, power)
    if opened is not None:
        taken = {"taken": timezone.now(), "taken_by": seat.user, "taken_in": phase}
        OpenSeat.objects.filter(pk=opened.pk).update(**taken)
    cared = CaretakerSeat.objects.create(game=game, seat=seat)
    log(game, game_master, "caretaker", power)
    if public:
        notify.caretaker_plays(game, phase, [power], f"seat{cared.pk}")
    proposal = open_proposal(game)
    if proposal is not None:
        caretakers_vote(proposal)  # the seat's ballot, if its power has none yet (ruling 27)
    return cared


def _vacate(game: Game, power: str) -> bool:
    """Make way for the caretaker; whether its coming may be told to every player."""
    seat = current_seat(game, power)
    if seat is None:
        # An open seat is public where the lobby lists it; a fog game kept out
        # of the lobby tells nobody that a player left (ruling 26), so nobody
        # is told who now plays the seat either.
        return not game.is_fogged or game.in_lobby
    if CaretakerSeat.objects.filter(seat=seat).exists():
        raise ActionError(f"The caretaker already plays {power.title()}.")
    if seat.status == Seat.Status.ELIMINATED:
        raise ActionError(f"{power.title()} is out of the game.")
    if seat.status != Seat.Status.CIVIL_DISORDER:
        raise ActionError(
            f"{power.title()} has a player giving orders: the caretaker plays only "
            "an empty seat or one in civil disorder."
        )
    Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.REPLACED)
    standing_facts.seat_left(seat)
    seat_mail.farewell(seat, "replaced")
    return not game.is_fogged


def caretaker_account() -> Any:
    """An account of its own for each seat it is given: no password, no address
    (so no email), only the seat's game to play."""
    return _robot_account(CARETAKER_PREFIX)


def _robot_account(prefix: str) -> Any:
    """An account nobody signs in to, named ``prefix``, a dash and 64 random
    bits: a name nobody can foresee and take first (sign-up refuses the
    prefixes too, accounts/forms.py). A name drawn twice, or taken by a
    person before the prefixes were reserved, is drawn again."""
    accounts = get_user_model().objects
    for _ in range(NAME_DRAWS):
        name = f"{prefix}-{secrets.token_hex(8)}"
        try:
            with transaction.atomic():
                return accounts.create_user(name, email="", password=None)
        except IntegrityError:
            continue
    raise ActionError("Could not name a new account: try again.")


@transaction.atomic
def start_with_caretakers(game: Game, game_master: Any) -> Phase:
    """Start a forming game with the caretaker in every seat nobody joined for, so
    the game master may start a game alone ("play against caretakers"); logged,
    and every player is told which powers the caretaker plays."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.FORMING)
    if game.active_seats().filter(power="").exists():
        raise ActionError("Assign a power to every player before starting.")
    seated = set(game.active_seats().values_list("power", flat=True))
    empty = [power for power in game.powers if power not in seated]
    for power in empty:
        seat = Seat.objects.create(game=game, user=caretaker_account(), power=power)
        CaretakerSeat.objects.create(game=game, seat=seat)
    first = start_game(game, game_master)
    if empty:
        log(game, game_master, "caretaker", ", ".join(empty))
        notify.caretaker_plays(game, first, empty, "start")
    return first


@transaction.atomic
def start_practice_game(player: Any, preset: str, power: str) -> Game:
    """One person against the caretaker in every other seat ("play against
    caretakers"), to learn a rule set alone. The game is run by an account of
    its own that nobody signs in to; it stays out of the lobby, and as the
    caretakers say they are ready once they have ordered, each phase ends as
    soon as the player is ready."""
    if preset not in Preset.values:
        raise ActionError(f"There is no rule set called {preset!r}.")
    _require_confirmed_to_practise(player)
    check_practice_allowance(player)
    master = _robot_account(PRACTICE_PREFIX)
    label = Preset(preset).label
    game = create_game(
        master,
        name=f"Practice: {label}",
        preset=preset,
        start_year=1901,
        in_lobby=False,
        ready_delay_minutes=0,
    )
    if power not in game.powers:
        raise ActionError(f"There is no power called {power.title() or '(none)'}.")
    Game.objects.filter(pk=game.pk).update(practice_player=player)
    join(game, player, [power])
    assign_powers(game, master, by_preference=True)
    start_with_caretakers(game, master)
    game.refresh_from_db()
    return game


def _require_confirmed_to_practise(player: Any) -> None:
    """A practice game costs the site caretakers' passes every phase: only an
    account whose owner proved their address may start one, so throw-away
    accounts cannot multiply them (nor get a game to play by API token)."""
    if not is_confirmed(player):
        raise ActionError(
            "Confirm your account's address first (follow the link we sent to it): "
            "practice games are for accounts with a confirmed address."
        )


def check_practice_allowance(player: Any) -> None:
    """Refuse a practice game beyond the account's allowance, saying what to do.
    The account's row is locked first, so two requests at once count each other."""
    get_user_model().objects.select_for_update().filter(pk=player.pk).first()
    mine = Game.objects.filter(practice_player=player)
    under_way = mine.exclude(status=Game.Status.FINISHED).count()
    if under_way >= PRACTICE_GAMES_AT_ONCE:
        raise ActionError(
            f"You have {under_way} practice games under way, the most at a time: "
            "finish or end one of them (“End this practice game” on its page) "
            "before starting another."
        )
    since = timezone.now() - DAY
    today = mine.filter(created__gt=since).order_by("created").values_list("created", flat=True)
    if len(today) >= PRACTICE_GAMES_A_DAY:
        again = timezone.localtime(today[len(today) - PRACTICE_GAMES_A_DAY] + DAY)
        raise ActionError(
            f"You have started {len(today)} practice games in the last 24 hours, the most "
            f"in a day: you may start another from {again:%Y-%m-%d %H:%M} ({again:%Z}). "
            "Until then, play on in one you have started."
        )


@transaction.atomic
def end_practice_game(game: Game, player: Any) -> None:
    """The person playing a practice game ends it, as the game master would
    (nobody signs in to its game master's account); logged."""
    game = lock_game(game)
    if game.practice_player_id is None or game.practice_player_id != player.pk:
        raise ActionError(
            "Only a practice game can be ended by its player; "
            "the game master ends this one (or propose a draw)."
        )
    if game.status == Game.Status.FINISHED:
        raise ActionError("The game has already ended.")
    log(game, player, "end game", "ended by its player")
    finish_game(game, ResultKind.ENDED, [], "Practice ended by its player")
