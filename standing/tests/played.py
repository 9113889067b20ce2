"""Small played games for the standing tests: seven players, short phases."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games import actions
from games.actions.votes import finish_game
from games.gateway import BoardEdit
from games.models import Game, Phase, ResultKind
from tests.fixtures import confirmed_user

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def start(preset: str = "standard", suffix: str = "", **settings: Any) -> tuple[Game, User, dict]:
    """A started game; players are named after their power (with the suffix)."""
    master = confirmed_user(f"gm{suffix}", f"gm{suffix}@example.org")
    game = actions.create_game(master, name=f"Game{suffix}", preset=preset, start_year=1901)
    Game.objects.filter(pk=game.pk).update(**settings)
    players = {}
    for power in POWERS:
        user = player(f"{power.lower()}{suffix}")
        actions.join(game, user, [power], invited=True)
        players[power] = user
    actions.assign_powers(game, master, by_preference=True)
    actions.start_game(game, master)
    game.refresh_from_db()
    return game, master, players


def player(name: str) -> User:
    found = User.objects.filter(username=name).first()
    return found or confirmed_user(name, f"{name}@example.org")


def open_phase(game: Game) -> Phase:
    phase = game.phases.filter(status=Phase.Status.OPEN).order_by("-ordinal").first()
    assert phase is not None
    return phase


def play(game: Game, silent: tuple[str, ...] = ()) -> None:
    """Every seated power but the silent says "ready"; the phase is adjudicated."""
    phase = open_phase(game)
    for seat in game.active_seats().exclude(power__in=silent).select_related("user"):
        actions.set_ready(phase, seat.user, seat.power, True)
    assert actions.claim_phase_now(phase)
    actions.adjudicate_phase(phase.pk)
    game.refresh_from_db()


def eliminate(game: Game, master: User, power: str) -> None:
    """The game master clears the power from the board; it is out after the phase."""
    phase = open_phase(game)
    for unit in phase.position.get("units", {}).get(power, []):
        actions.edit_board(game, master, BoardEdit("remove", unit.split()[1][:3]))
    for centre in phase.position.get("centers", {}).get(power, []):
        actions.edit_board(game, master, BoardEdit("centre", centre, power=""))
    play(game)


def draw(game: Game, players: dict[str, User], powers: tuple[str, ...]) -> None:
    actions.propose_draw(game, players[powers[0]], powers[0])
    for power in powers:
        actions.vote(game, players[power], power, True)
    game.refresh_from_db()


def solo(game: Game, winner: str) -> None:
    """The end a winning adjudication reaches (games.actions.processing._finish)."""
    finish_game(game, ResultKind.SOLO, [winner])
    game.refresh_from_db()
