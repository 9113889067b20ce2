"""Every page, the order check, the submit, a deadline and a results email
run the same number of SQL queries in a game's 30th year as in its first:
nothing is read per phase of history, per unit, or per message of press
(the 30th year's player has many times the press, in more threads, some of
it unread)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import actions
from games.models import Game
from games.records import latest_knowledge
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of
from tests.perf.long_game import POWERS, random_game

Request = Callable[[Client, Game], object]


def player(game: Game, power: str) -> Client:
    client = Client()
    client.force_login(game.seats.get(power=power).user)
    return client


def unit_count(game: Game, power: str) -> int:
    knowledge = latest_knowledge(game, power)
    return len(knowledge.units_of(power)) if knowledge else 0


def game_master(game: Game) -> Client:
    client = Client()
    client.force_login(game.game_master)
    return client


def get(name: str) -> Request:
    return lambda client, game: client.get(reverse(name, args=[game.pk]))


def check_orders(client: Client, game: Game) -> object:
    body = json.dumps({"text": "A Par H\nF Bre - Xyz"})
    url = reverse("game_orders_check", args=[game.pk])
    return client.post(url, body, content_type="application/json")


def submit_orders(client: Client, game: Game) -> object:
    return client.post(reverse("game_orders", args=[game.pk]), {"typed": ""})


def dashboard(client: Client, game: Game) -> object:
    return client.get(reverse("dashboard"))


def map_outlines(client: Client, game: Game) -> object:
    return client.get(reverse("map_shapes", args=[game.preset]))


def status(client: Client, game: Game) -> object:
    """What the dashboard and the game page poll every LIVE_POLL_SECONDS."""
    return client.get(reverse("dashboard_status"))


def press_thread(client: Client, game: Game) -> object:
    return client.get(reverse("game_press", args=[game.pk]) + "?thread=EVERYONE")


def talk(game: Game, power: str, messages: int) -> None:
    """Press to and from ``power``: from one power, from groups, to everyone."""
    senders = [p for p in POWERS if p != power]
    groups = {0: ["EVERYONE"], 1: [power, senders[0]]}
    for number in range(messages):
        sender = senders[number % len(senders)]
        to = groups.get(number % 4, [power])
        user = game.seats.get(power=sender).user
        actions.send_press(game, user, sender, to, f"Note {number}.", sender)
    user = game.seats.get(power=power).user
    actions.send_press(game, user, power, ["EVERYONE"], "To all.", power)


PLAYER_REQUESTS: dict[str, Request] = {
    "game page": get("game"),
    "map": get("game_map_latest"),
    "map outlines": map_outlines,
    "order check": check_orders,
    "submit": submit_orders,
    "history": get("game_history"),
    "press": get("game_press"),
    "press thread": press_thread,
    "dashboard": dashboard,
    "status": status,
}


def queries(run: Callable[[], object]) -> int:
    run()  # the first call draws the map and warms caches; count the steady state
    with CaptureQueriesContext(connection) as captured:
        answer = run()
    assert getattr(answer, "status_code", 200) in (200, 302), answer
    return len(captured)


def counts(game: Game, power: str) -> dict[str, int]:
    client, master = player(game, power), game_master(game)
    result = {name: queries(partial(r, client, game)) for name, r in PLAYER_REQUESTS.items()}
    result["console"] = queries(partial(get("console"), master, game))
    message = OutboxMessage.objects.filter(game=game, kind=OutboxMessage.Kind.RESULTS).last()
    assert message is not None
    result["results email"] = queries(partial(draft_of, message))
    return result


def test_it_reads_as_much_in_year_thirty_as_in_year_one(db: None) -> None:
    first = random_game("first", year=2)
    thirtieth = random_game("thirtieth", year=30)
    power = max(POWERS, key=lambda power: unit_count(thirtieth, power))
    assert thirtieth.phases.count() > 10 * first.phases.count()
    assert unit_count(thirtieth, power) != unit_count(first, power)
    talk(first, power, 3)
    talk(thirtieth, power, 90)
    year_one, year_thirty = counts(first, power), counts(thirtieth, power)
    # A first page of press that is not full holds every message, so only a full
    # one is counted by the database (games.press.pages): year one's four
    # messages cost that query less; a full page, however long the press, one.
    assert year_thirty == year_one | {"press": year_one["press"] + 1}
