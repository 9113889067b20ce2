"""Forming a game: create it, invite and seat players, hand out powers, start."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from common.links import absolute_url
from games import gateway, standing_facts
from games.actions.absences import move_past_absences
from games.actions.ahead import apply_orders_ahead
from games.actions.base import (
    ActionError,
    lock_game,
    log,
    require_game_master,
    require_standing,
    require_status,
)
from games.actions.invitations import may_claim
from games.deadlines import next_deadline
from games.emails import notify
from games.models import Game, Invitation, Phase, Preset, PressMode, Seat
from games.order_entry import read_setup_pick
from games.records import store_records


@transaction.atomic
def create_game(game_master: Any, **fields: Any) -> Game:
    """A new game in the forming state. Saari's preset always starts in 1898,
    and is gunboat with black press: identities hidden, no true sender shown."""
    if fields.get("preset") == Preset.SAARI1898:
        fields.update(start_year=1898, press_mode=PressMode.BLACK, anonymous=True)
    game = Game.objects.create(game_master=game_master, **fields)
    log(game, game_master, "create", f"{game.get_preset_display()}, starting {game.start_year}")
    return game


@transaction.atomic
def invite(game: Game, game_master: Any, email: str) -> Invitation:
    require_game_master(game, game_master)
    require_status(game, Game.Status.FORMING)
    invitation = Invitation.objects.create(game=game, email=email, invited_by=game_master)
    log(game, game_master, "invite", email)
    join_url = absolute_url(reverse("invitation", args=[invitation.token]))
    notify.invitation_sent(invitation, join_url)
    return invitation


@transaction.atomic
def join(
    game: Game, user: Any, preferences: list[str] | None = None, invited: bool = False
) -> Seat:
    """Take a seat in a forming game, with the powers wanted in order. The
    game's minimum reliability or rating holds for all but the invited: the
    game master chose them."""
    game = lock_game(game)
    require_status(game, Game.Status.FORMING)
    if not invited:
        require_standing(game, user)
    if game.game_master_id == user.pk:
        raise ActionError("The game master cannot also play in the game.")
    if game.seat_of(user):
        raise ActionError("You have already joined this game.")
    if game.active_seats().count() >= len(game.powers):
        raise ActionError("The game is full.")
    wanted = ",".join(p for p in preferences or [] if p in game.powers)
    return Seat.objects.create(game=game, user=user, preferences=wanted)


@transaction.atomic
def join_by_invitation(invitation: Invitation, user: Any, preferences: list[str]) -> Seat:
    """An invitation is for its address (or the account the game master gave
    it to, games.actions.invitations), and for one use: a link forwarded or
    seen over a shoulder seats nobody else. The claim is a conditional UPDATE,
    so two people following it at once cannot both join."""
    invitation.refresh_from_db()
    if not may_claim(invitation, user):
        raise ActionError(_not_yours(invitation))
    # Only as the invitation stood when checked: an approval committed since
    # (for_account set) leaves the address nothing to claim.
    unclaimed = Invitation.objects.filter(
        pk=invitation.pk, accepted__isnull=True, for_account_id=invitation.for_account_id
    )
    claimed = unclaimed.update(accepted=timezone.now(), accepted_by=user)
    if not claimed:
        raise ActionError("This invitation has already been used.")
    seat = join(invitation.game, user, preferences, invited=True)
    log(invitation.game, user, "accept invitation", f"{user.get_username()} for {invitation.email}")
    return seat


def _not_yours(invitation: Invitation) -> str:
    """The same words whatever the address: they tell nobody whose it is."""
    if invitation.for_account_id is not None:
        return "The game master has given this invitation to another account."
    return NOT_FOR_THIS_ACCOUNT


NOT_FOR_THIS_ACCOUNT = (
    "This invitation is not for this account: it was sent to another address, or to one "
    "this account has not confirmed yet. If it came to you, confirm your account's address "
    "(follow the link we sent to it) and open the invitation again."
)


def set_setup_choice(seat: Seat, user: Any, choice: str) -> Seat:
    """The 1898 start: army or fleet (a fleet in St Petersburg names its coast);
    only the seat's own player picks."""
    if seat.user_id != getattr(user, "pk", None):
        raise ActionError("Only the player in this seat can choose its first unit.")
    require_status(seat.game, Game.Status.FORMING)
    try:
        choice = read_setup_pick(gateway.board(seat.game.preset), choice)
    except ValueError as error:
        raise ActionError(str(error)) from error
    Seat.objects.filter(pk=seat.pk).update(setup_choice=choice)
    seat.refresh_from_db()
    return seat


@transaction.atomic
def assign_powers(game: Game, game_master: Any, by_preference: bool = False) -> list[Seat]:
    """Give every seated player a power: at random, or each in turn their first free wish."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.FORMING)
    seats = list(game.active_seats())
    if not seats:
        raise ActionError("Nobody has joined yet.")
    chance = random.SystemRandom()
    chance.shuffle(seats)
    free = list(game.powers)
    chance.shuffle(free)
    for seat in seats:
        seat.power = _first_wish(seat, free) if by_preference else free[0]
        free.remove(seat.power)
        seat.save(update_fields=["power"])
    log(game, game_master, "assign", "by preference" if by_preference else "at random")
    return seats


def _first_wish(seat: Seat, free: list[str]) -> str:
    return next((power for power in seat.preference_list() if power in free), free[0])


@transaction.atomic
def start_game(game: Game, game_master: Any, now: datetime | None = None) -> Phase:
    """Set up the opening board, everyone's first record, and open the first phase."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.FORMING)
    seats = list(game.active_seats().select_related("user"))
    if not seats or any(not seat.power for seat in seats):
        raise ActionError("Assign a power to every player before starting.")
    now = now or timezone.now()
    choices = {seat.power: seat.setup_choice for seat in seats if seat.setup_choice}
    position = gateway.starting_position(game.preset, game.start_year, choices)
    records = gateway.opening_records(game.preset, position)
    store_records(game, None, 0, records)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE, started=now)
    game.refresh_from_db()
    hours = game.movement_minutes / 60
    log(game, game_master, "start", f"first deadline in {hours:g} hours")
    first = open_phase(game, 1, position, now)
    standing_facts.game_started(game, seats, now)
    notify.game_started(game, first)
    return first


def open_phase(game: Game, ordinal: int, position: dict[str, Any], now: datetime) -> Phase:
    name = position["phase"]
    deadline = next_deadline(now, name[-1], game.clock())
    phase = Phase.objects.create(
        game=game, ordinal=ordinal, name=name, deadline=deadline, position=position
    )
    move_past_absences(phase)
    keep_clock_stopped(game, phase, now)
    apply_orders_ahead(phase)
    return phase


def keep_clock_stopped(game: Game, phase: Phase, now: datetime) -> None:
    """A phase that opens while the game is paused (the game master processed,
    then paused) keeps its whole length for when the game resumes, as if it
    had been paused at its first moment."""
    if game.status != Game.Status.PAUSED:
        return
    phase.paused_remaining = max(phase.deadline - now, timedelta(0))
    Phase.objects.filter(pk=phase.pk).update(paused_remaining=phase.paused_remaining)
