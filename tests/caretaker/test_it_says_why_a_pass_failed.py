"""`python -m caretaker` against a server that refuses it, answers what no FogDip
API would, or is not there: one line naming the problem, exit status 1, no
traceback. A game master's token, whose record is the whole board, is refused
before anything is planned or sent."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.caretaker.records import record
from tests.command_lines import run

GAME = "/api/v1/games/7"
OPEN = {
    "status": "active",
    "role": "player",
    "power": "FRANCE",
    "phase": {"name": "S1901M", "status": "open"},
}
RUN_BY_ME = {**OPEN, "role": "game master", "power": ""}
FRANCE = record("FRANCE", {"FRANCE": ["A PAR"]}, {"FRANCE": ["PAR"]}, phase="S1901M")
GAME_MASTER = {**FRANCE, "power": None}
NO_TOKEN = {"detail": "No live token: send a personal API token as 'Authorization: Bearer <t>'."}
READ_ONLY = {"detail": "This token may only read: make a token with the play scope."}


class FakeSite(ThreadingHTTPServer):
    """A server that answers as the test set it and keeps what it was asked."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Site)
        self.answers: dict[str, tuple[int, bytes]] = {}
        self.asked: list[str] = []
        self.sent: dict[str, bytes] = {}


class Site(BaseHTTPRequestHandler):
    """Answers each (method, path) as the test set it; what it was asked is kept."""

    def do_GET(self) -> None:
        self._answer("GET")

    def do_POST(self) -> None:
        self.server.sent[self.path] = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._answer("POST")

    server: FakeSite

    def _answer(self, method: str) -> None:
        self.server.asked.append(f"{method} {self.path}")
        status, body = self.server.answers.get(f"{method} {self.path}", (404, b"{}"))
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:  # the test's output stays clean
        pass


@pytest.fixture
def site() -> Iterator[FakeSite]:
    server = FakeSite()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def answer(site, route: str, status: int, body: object) -> None:
    site.answers[route] = (status, body if isinstance(body, bytes) else json.dumps(body).encode())


def take_a_pass(server: str):
    return run("caretaker", "--server", server, "--token", "fogdip_t", "--game", "7")


def address(site) -> str:
    return f"http://127.0.0.1:{site.server_port}"


def assert_one_line_error(done, *named: str) -> str:
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr and "usage:" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("python -m caretaker: error: ")
    for words in named:
        assert words in line
    return line


def test_a_game_masters_token_is_named_and_nothing_is_sent(site):
    answer(site, f"GET {GAME}", 200, RUN_BY_ME)
    answer(site, f"GET {GAME}/record", 200, GAME_MASTER)
    line = assert_one_line_error(take_a_pass(address(site)), "game 7", "a game master's")
    assert "not a power's" in line and "play token of that seat's player" in line
    assert site.asked == [f"GET {GAME}"]


def test_a_game_masters_token_is_refused_when_no_phase_is_open(site):
    answer(site, f"GET {GAME}", 200, {**RUN_BY_ME, "status": "finished", "phase": None})
    assert_one_line_error(take_a_pass(address(site)), "game 7", "a game master's")


@pytest.mark.parametrize(
    ("role", "power", "named"),
    [
        ("observer", "", "an observer's"),
        ("spectator", None, "a spectator's"),
        (None, None, "not a player's"),
    ],
)
def test_any_token_that_plays_no_power_is_named(site, role, power, named):
    answer(site, f"GET {GAME}", 200, {**OPEN, "role": role, "power": power})
    assert_one_line_error(take_a_pass(address(site)), "game 7", named, "not a power's")
    assert site.asked == [f"GET {GAME}"]


def test_a_record_with_no_power_is_refused_before_anything_is_sent(site):
    answer(site, f"GET {GAME}", 200, OPEN)
    answer(site, f"GET {GAME}/records", 200, [])
    answer(site, f"GET {GAME}/record", 200, GAME_MASTER)
    assert_one_line_error(take_a_pass(address(site)), "game 7", "a game master's")
    assert not [asked for asked in site.asked if asked.startswith("POST")]


def test_an_unknown_token_is_refused_in_the_apis_words(site):
    answer(site, f"GET {GAME}", 401, NO_TOKEN)
    assert_one_line_error(take_a_pass(address(site)), "GET /games/7: 401 No live token")


def test_a_token_that_may_only_read_is_refused_when_it_sends(site):
    answer(site, f"GET {GAME}", 200, OPEN)
    answer(site, f"GET {GAME}/records", 200, [])
    answer(site, f"GET {GAME}/record", 200, FRANCE)
    answer(site, f"POST {GAME}/orders", 403, READ_ONLY)
    line = assert_one_line_error(take_a_pass(address(site)), "POST /games/7/orders: 403")
    assert line.endswith(READ_ONLY["detail"])


def test_a_proxys_error_page_is_named_by_its_status(site):
    answer(site, f"GET {GAME}", 502, b"<html>\n<body>Bad gateway</body>\n</html>\n")
    assert_one_line_error(take_a_pass(address(site)), "502 Bad Gateway", "not an answer of")


def test_an_answer_that_is_not_json_is_named(site):
    answer(site, f"GET {GAME}", 200, b"<html>a blog</html>")
    assert_one_line_error(take_a_pass(address(site)), "not a JSON object")


def test_a_server_that_is_not_there_is_named():
    with socket.socket() as probe:  # a port just free, so nothing listens on it
        probe.bind(("127.0.0.1", 0))
        nowhere = f"http://127.0.0.1:{probe.getsockname()[1]}"
    assert_one_line_error(take_a_pass(nowhere), f"cannot reach {nowhere}/api/v1")


def test_a_record_the_engine_cannot_read_is_named(site):
    answer(site, f"GET {GAME}", 200, OPEN)
    answer(site, f"GET {GAME}/records", 200, [])
    answer(site, f"GET {GAME}/record", 200, {**FRANCE, "units": {"FRANCE": ["A PARIS"]}})
    line = assert_one_line_error(take_a_pass(address(site)), "game 7: cannot play from")
    assert "A PARIS" in line
    assert not [asked for asked in site.asked if asked.startswith("POST")]


def test_an_open_phase_without_a_name_is_named(site):
    answer(site, f"GET {GAME}", 200, {**OPEN, "phase": {"status": "open"}})
    assert_one_line_error(take_a_pass(address(site)), "game 7: the open phase has no name")


def test_a_players_token_still_plays(site):
    answer(site, f"GET {GAME}", 200, OPEN)
    answer(site, f"GET {GAME}/records", 200, [])
    answer(site, f"GET {GAME}/record", 200, FRANCE)
    answer(site, f"POST {GAME}/orders", 200, {"phase": "S1901M", "saved": True})
    answer(site, f"POST {GAME}/ready", 200, {"phase": "S1901M", "ready": True})
    done = take_a_pass(address(site))
    assert (done.returncode, done.stdout, done.stderr) == (0, "1 order(s) sent for S1901M.\n", "")
