"""The access matrix's query parameters: every parameter a view or an API route
reads, set to what a persona should not be able to use, for every persona.

The reads are found in the source (tests/access/query_params.py); each needs
a row here naming the pages that reach it, so a new ``request.GET`` read (or
a new Ninja query argument) fails the first test until it is asked about.

Each row's pages are asked by every persona with the parameter set to each
hostile value: another power's name, the true board (ALL), a battle side
that is not the persona's, a correspondent it has none with, garbage, NUL,
very long text, numbers out of range, a look-alike name. The answer gives
nothing away when it is either the persona's own answer without the
parameter (the value was ignored), or, byte for byte, the answer the same
question gets about a game (or battle) that does not exist: a refusal that
says no more than a stranger's. Never a 500. Personas that may rightly use
the value (the game master choosing a power; a finished, unfogged game's
player) are only asked not to crash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from api.tokens import create_api_token
from tests.access.query_params import Read, api_reads, view_reads
from tests.access.routes import Route, routes
from tests.access.test_it_answers_every_url_for_every_persona import LOGIN
from tests.access.world import PERSONAS, World, build_world

MISSING = 10**6  # a game and a battle that do not exist
LONG = "x" * 5000
ANYWHERE = ["\x00", "", "garbage", LONG, "\u202e\u0301", "\x1b[2J\x07", "G\u0395RMANY"]  # a Greek E
NUMBERS = ["-1", "0", "9" * 30, "1e309", "NaN", "2.5"]
POWERS = ["GERMANY", "ALL", "OBSERVER", "ENGLAND", "germany", "FRANCE\x00"]
# The replaced player and the spectator read the observer's records: OBSERVER is their own.
OWN_OBSERVER = ("replaced=OBSERVER", "spectator=OBSERVER")
MASTER_OR_UNFOGGED = ("game_master", "player_after_end", *OWN_OBSERVER)


@dataclass(frozen=True)
class Row:
    pages: tuple[str, ...]  # URL names that reach the read
    values: tuple[str, ...]
    # Personas for whom a value is theirs to choose: "persona" (any value) or "persona=value".
    may_use: tuple[str, ...] = ()

    def lets(self, persona: str, value: str) -> bool:
        return persona in self.may_use or f"{persona}={value}" in self.may_use


def row(pages: tuple[str, ...], values: list[str], may_use: tuple[str, ...] = ()) -> Row:
    return Row(pages, (*values, *ANYWHERE), may_use)


RECORD_PAGES = ("game_history", "game_history_phase", "game_map_latest", "game_map")
QUERY_MATRIX: dict[Read, Row] = {
    # Whose records: the game master's to choose, and an unfogged finished game's players'.
    ("games/views/play.py::history_power", "power"): row(
        (*RECORD_PAGES, "game_animation"), POWERS, MASTER_OR_UNFOGGED
    ),
    ("games/views/replay.py::chosen_power", "power"): row(
        ("game_replay",), POWERS, ("player_after_end", *OWN_OBSERVER)
    ),
    ("games/views/replay.py::chosen_step", "phase"): row(
        ("game_replay",), NUMBERS, ("player_after_end",)
    ),
    ("games/views/console.py::console", "power"): row(
        ("console",), POWERS, ("game_master", *OWN_OBSERVER)
    ),
    ("games/views/gm_orders.py::orders_for_power", "power"): row(
        ("console_orders",), POWERS, ("game_master", *OWN_OBSERVER)
    ),
    ("games/views/gm_orders.py::check_orders_for_power", "power"): row(
        ("console_orders_check",), POWERS, ("game_master", *OWN_OBSERVER)
    ),
    # Press: a correspondent the player has no conversation with (nobody plays England).
    ("games/views/press.py::chosen_correspondent", "with"): row(
        ("game_press", "game_press_json"), ["ENGLAND", "ITALY", "ALL"], ("game_master",)
    ),
    ("games/views/press.py::render_press", "page"): row(("game_press",), NUMBERS),
    # A thread is named by what its reader sees (ruling 28): others' threads
    # open nothing. The player's press to everyone is its own thread.
    ("games/views/press.py::render_press", "thread"): row(
        ("game_press",),
        ["ENGLAND", "ITALY", "AUSTRIA,ITALY", "ANONYMOUS", "EVERYONE", "GM", "ALL"],
        ("game_master", "own_player=EVERYONE", "player_after_end=EVERYONE"),
    ),
    ("games/views/press.py::press_json", "page"): row(("game_press_json",), NUMBERS),
    ("games/views/play.py::history", "page"): row(("game_history",), NUMBERS),
    # Battles: a side that is not the persona's (the own player plays Red).
    ("battles/views.py::side_page", "side"): row(("battle",), ["Blue", "blue", "Red"]),
    ("battles/views.py::picture", "side"): row(
        ("battle_picture",), ["Blue", "blue"], ("game_master",)
    ),
    ("battles/views.py::_console", "side"): row(
        ("battle_console",), ["Blue", "Red"], ("game_master",)
    ),
    # Somewhere else to be sent after signing up: never another site.
    ("accounts/views.py::safe_next", "next"): row(
        ("signup",), ["https://elsewhere.example/", "//elsewhere.example/", "javascript:x"]
    ),
    ("postoffice/views.py::mailbox", "m"): row(("dev-mailbox",), ["no-such-message"]),
    # The lobby's filters: public, anyone's to choose; a value that cannot be
    # read is named in an error (standing/tests/test_it_filters_the_lobby.py).
    **{
        ("games/views/lobby.py::read_filters", name): row(("lobby",), NUMBERS, PERSONAS)
        for name in ("rules", "press", "hours", "places", "reliability", "rating")
    },
    # The API's press: page and correspondent, asked with each persona's own token.
    ("api-v1:my_press", "page"): row(("api-v1:my_press",), NUMBERS),
    ("api-v1:my_press", "correspondent"): row(
        ("api-v1:my_press",), ["ENGLAND", "ITALY", "ALL"], ("game_master",)
    ),
    # A cursor that is no message the persona may read: 404, as for no game.
    ("api-v1:my_press", "since"): row(("api-v1:my_press",), ["no-such-message"]),
}


def test_it_has_a_row_for_every_query_parameter_read() -> None:
    found = view_reads() | api_reads()
    missing = sorted(found - set(QUERY_MATRIX))
    stale = sorted(set(QUERY_MATRIX) - found)
    assert not missing, f"query parameters read with no row in the query matrix: {missing}"
    assert not stale, f"rows for query parameters nobody reads any more: {stale}"


def test_its_rows_name_pages_that_exist() -> None:
    names = {route.name for route in routes()}
    unknown = {page for entry in QUERY_MATRIX.values() for page in entry.pages} - names
    assert not unknown, unknown


# The form token differs from one rendering to the next; nothing else may.
CSRF = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')


def answer(response: Any) -> tuple[int, str, bytes]:
    content = CSRF.sub(rb"\1\2", b"".join(response) if response.streaming else response.content)
    location = response.get("Location", "")
    # The sign-in page is told where to come back to: the URL as asked, query and all.
    if location.startswith(reverse(settings.LOGIN_URL)):
        location = LOGIN
    return response.status_code, location, content


class Asker:
    """Each persona's answers, remembered: the page as asked without the parameter
    is the same for every value."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.clients: dict[str, Client] = {}
        self.tokens: dict[str, dict[str, str]] = {"anonymous": {}}
        for persona in PERSONAS:
            self.clients[persona] = world.client(persona)
            self.clients[persona].raise_request_exception = False
            if persona != "anonymous":
                secret = create_api_token(world.users[persona], "query", "play").secret
                self.tokens[persona] = {"Authorization": f"Bearer {secret}"}
        self.plain: dict[tuple[str, str], tuple[int, str, bytes]] = {}

    def url(self, route: Route, persona: str, missing: bool) -> str:
        values = self.world.url_values(persona)
        if missing:
            values = {**values, "game_id": MISSING, "battle_id": MISSING}
        return route.url(values)

    def ask(self, route: Route, persona: str, query: str, missing: bool = False) -> Any:
        url = self.url(route, persona, missing) + query
        headers = self.tokens[persona] if route.namespace == "api-v1" else {}
        return answer(self.clients[persona].get(url, headers=headers))

    def without(self, route: Route, persona: str) -> tuple[int, str, bytes]:
        key = (route.name, persona)
        if key not in self.plain:
            self.plain[key] = self.ask(route, persona, "")
        return self.plain[key]


def gives_something_away(asker: Asker, route: Route, persona: str, query: str) -> str:
    """Why the answer to ``query`` tells this persona too much; "" when it does not."""
    got = asker.ask(route, persona, query)
    if got[0] >= 500:
        return f"{got[0]}"
    if got == asker.without(route, persona):
        return ""
    if got == asker.ask(route, persona, query, missing=True):
        return ""
    return f"{got[0]}, unlike without it and unlike a game that does not exist: {got[2][:200]!r}"


def by_name() -> dict[str, Route]:
    return {route.name: route for route in routes()}


def wrong_answers(asker: Asker, read: Read, entry: Row) -> dict[tuple[str, str, str, str], str]:
    wrong = {}
    for page in entry.pages:
        route = by_name()[page]
        for value in entry.values:
            query = f"?{quote(read[1])}={quote(value, safe='')}"
            for persona in PERSONAS:
                if entry.lets(persona, value):
                    status = asker.ask(route, persona, query)[0]
                    why = f"{status}" if status >= 500 else ""
                else:
                    why = gives_something_away(asker, route, persona, query)
                if why:
                    wrong[(page, read[1], value[:20], persona)] = why
    return wrong


@pytest.mark.django_db
def test_it_gives_nothing_away_for_a_value_the_persona_may_not_use() -> None:
    """One world for every row: reading changes nothing."""
    asker = Asker(build_world())
    wrong = {}
    for read, entry in QUERY_MATRIX.items():
        wrong.update(wrong_answers(asker, read, entry))
    assert not wrong, "\n".join(f"{key}: {why}" for key, why in wrong.items())
