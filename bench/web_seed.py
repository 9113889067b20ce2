"""The players of bench/web_load.py: seven-power games under way, each player
signed in (a session row, as logging in leaves) and their map already drawn."""

from __future__ import annotations

import secrets
import string
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model

from games import actions, order_entry
from games.maps_adapter import page_png
from games.models import Game
from games.records import latest_knowledge, latest_record

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
PRESET = "dc2005"
CSRF_ALPHABET = string.ascii_letters + string.digits


def seed_players(count: int) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = []
    number = 0
    while len(players) < count:
        number += 1
        game = started_game(f"load-{number}")
        players += [player_of(game, power) for power in POWERS][: count - len(players)]
    return players


def started_game(label: str) -> Game:
    users = get_user_model().objects
    game_master = users.create_user(f"{label}-gm", f"{label}-gm@example.com")
    game = actions.create_game(game_master, name=label, preset=PRESET, start_year=1901)
    for power in POWERS:
        player = users.create_user(f"{label}-{power.lower()}", f"{label}-{power}@example.com")
        actions.join(game, player, [power])
    actions.assign_powers(game, game_master, by_preference=True)
    actions.start_game(game, game_master)
    return game


def player_of(game: Game, power: str) -> dict[str, Any]:
    user = game.seats.get(power=power).user
    record = latest_record(game, power)
    assert record is not None
    page_png(record, game.name)
    units = order_entry.orderable_units(latest_knowledge(game, power), power, "M")
    return {
        "game": game.pk,
        "power": power,
        "session": signed_in(user),
        "csrf": "".join(secrets.choice(CSRF_ALPHABET) for _ in range(32)),
        "orders": [f"{unit} H" for unit in units],
    }


def signed_in(user: Any) -> str:
    """A session as logging in would leave it; its key is the cookie."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return str(session.session_key)
