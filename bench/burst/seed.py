"""Games for the burst: started seven-power games, every unit ordered at random.

One game master and seven confirmed players sit in every game (a person may
play in many games), so seeding costs the games and not the accounts. The
orders are random but legal, read from each power's own record as a player
would (tests.operations.played). The start emails are marked sent and their
tasks purged: the burst measures results email only.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import actions
from games.models import Game, Phase
from postoffice.models import OutboxMessage
from tests.fixtures import confirmed_user
from tests.operations.played import submit_everyones_orders

POWERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


def people() -> tuple[Any, list[Any]]:
    """The game master and the seven players, made once."""
    users = get_user_model().objects
    found = users.filter(username="burst-gm").first()
    if found is not None:
        players = [users.get(username=f"burst-{name}") for name in POWERS]
        return found, players
    master = confirmed_user("burst-gm", "gm@burst.example.org")
    players = [confirmed_user(f"burst-{name}", f"{name}@burst.example.org") for name in POWERS]
    return master, players


@transaction.atomic
def seed_game(number: int, preset: str, master: Any, players: list[Any]) -> Game:
    game = actions.create_game(master, name=f"Burst {number}", preset=preset, start_year=1901)
    for player, name in zip(players, POWERS, strict=True):
        actions.join(game, player, [name.upper()])
    actions.assign_powers(game, master, by_preference=True)
    actions.start_game(game, master)
    game.refresh_from_db()
    submit_everyones_orders(game, seed=number)
    return game


def seed_games(count: int, preset: str = "standard", first: int = 1) -> list[int]:
    """``count`` started games with orders in; their deadlines a day away."""
    master, players = people()
    ids = [seed_game(n, preset, master, players).pk for n in range(first, first + count)]
    OutboxMessage.objects.filter(kind=OutboxMessage.Kind.GAME_START).update(
        status=OutboxMessage.Status.SENT, sent=timezone.now()
    )
    return ids


def make_due(game_ids: list[int]) -> datetime:
    """Every game's open phase falls due now, in the same instant."""
    now = timezone.now()
    Phase.objects.filter(game_id__in=game_ids, status=Phase.Status.OPEN).update(
        deadline=now - timedelta(microseconds=1)
    )
    return now
