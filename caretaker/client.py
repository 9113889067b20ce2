"""The caretaker as a client of any FogDip server's JSON API (standard library only).

One pass for one seat: read the game's public settings, and if a phase is
open, read the power's current knowledge record and its few records before
it (where its moves bounced), plan from those alone, send
the orders naming that phase, and say it is ready. The token is scoped to the seat (its
game, play scope), so the server gives it that power's record and nothing
else. Running it twice sends the same orders twice: the plan depends only
on the records and the phase, and orders replace the earlier ones.

    python -m caretaker --server https://fogdip.example --token fogdip_... --game 12
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from caretaker.errors import ApiRefused, CaretakerError, NotAPlayer, Unreachable, reason, refusal
from caretaker.memory import EARLIER_RECORDS
from caretaker.policy import Plan, plan

__all__ = ["ApiRefused", "Caretaker", "CaretakerError", "Transport", "http_transport"]

# (method, path under /api/v1, JSON body or None) -> (status, response body)
Transport = Callable[[str, str, bytes | None], tuple[int, bytes]]

TIMEOUT_SECONDS = 30


def http_transport(server: str, token: str) -> Transport:
    """Requests to ``server``'s /api/v1/ with the bearer token, by urllib; Unreachable
    when no answer comes (a refusal is an answer: its status and body are returned)."""
    base = server.rstrip("/") + "/api/v1"

    def send(method: str, path: str, body: bytes | None) -> tuple[int, bytes]:
        request = urllib.request.Request(base + path, data=body, method=method)
        request.add_header("Authorization", f"Bearer {token}")
        request.add_header("Accept", "application/json")
        if body is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read()
        except (OSError, http.client.HTTPException) as error:
            raise Unreachable(f"cannot reach {base}: {reason(error)}") from error

    return send


@dataclass
class Caretaker:
    """One seat's caretaker; ``read`` keeps every response body it read, in order."""

    transport: Transport
    game_id: int
    read: list[bytes] = field(default_factory=list)

    def play_once(self) -> str:
        """Order for the open phase, if there is one; says what it did."""
        game = self._get(f"/games/{self.game_id}")
        _require_a_power(self.game_id, game.get("power"), game.get("role"))
        phase = game.get("phase") or {}
        if game.get("status") != "active" or phase.get("status") != "open":
            return "No phase is open: nothing to do."
        name = phase.get("name")
        if not isinstance(name, str):
            raise CaretakerError(f"game {self.game_id}: the open phase has no name: {phase!r}")
        chosen = self._plan(name)
        self._post(f"/games/{self.game_id}/orders", orders_body(name, chosen))
        # Nothing more will come from it this phase: an early end need not wait.
        self._post(f"/games/{self.game_id}/ready", {"phase": name, "ready": True})
        return f"{len(chosen.orders)} order(s) sent for {name}."

    def _plan(self, phase: str) -> Plan:
        """The plan from the seat's records, read now; refused before anything is sent
        when the records are not a power's, or not records the engine can read."""
        earlier = self._earlier_records()
        record = self._get(f"/games/{self.game_id}/record")
        _require_a_power(self.game_id, record.get("power"), "game master")
        try:
            return plan(record, phase, earlier=earlier)
        except ValueError as error:  # a RecordError names the field; a phase it cannot read
            raise CaretakerError(
                f"game {self.game_id}: cannot play from what the server sent: {error}"
            ) from error

    def _earlier_records(self) -> list[Any]:
        """The power's own records before the current one, the last few, oldest first:
        its memory of where its moves bounced (caretaker.memory)."""
        entries = self._get(f"/games/{self.game_id}/records", expect=list)
        ordinals = sorted(e["ordinal"] for e in entries if isinstance(e, dict) and _ordinal(e))
        wanted = ordinals[:-1][-EARLIER_RECORDS:]
        return [self._get(f"/games/{self.game_id}/records/{n}") for n in wanted]

    def _get(self, path: str, expect: type = dict) -> Any:
        status, body = self.transport("GET", path, None)
        self.read.append(body)
        return _answer("GET", path, status, body, expect)

    def _post(self, path: str, sent: dict[str, Any]) -> Any:
        status, body = self.transport("POST", path, json.dumps(sent).encode())
        return _answer("POST", path, status, body)


def _require_a_power(game_id: int, power: Any, role: Any) -> None:
    """Refuse, before planning or sending, a token whose holder plays no power:
    a game master's (whose record is the whole board), an observer's or a spectator's."""
    if isinstance(power, str) and power:
        return
    held = f"{_article(role)} {role}'s" if isinstance(role, str) and role else "not a player's"
    raise NotAPlayer(
        f"game {game_id}: this token is {held}, not a power's;"
        " the caretaker plays one seat: give it a play token of that seat's player"
    )


def _ordinal(entry: dict[str, Any]) -> bool:
    number = entry.get("ordinal")
    return isinstance(number, int) and not isinstance(number, bool)


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def orders_body(phase: str, chosen: Plan) -> dict[str, Any]:
    """The orders route's body: retreat lists are sent as the web form writes them."""
    return {
        "phase": phase,
        "orders": chosen.orders,
        "retreat_lists": {unit: ", ".join(places) for unit, places in chosen.retreat_lists.items()},
        "adjustment_lines": chosen.adjustment_lists,
    }


def _answer(method: str, path: str, status: int, body: bytes, expect: type = dict) -> Any:
    """The JSON object (or list) a FogDip server answers; every other answer says why not."""
    if status != 200:
        raise refusal(method, path, status, body)
    try:
        answer = json.loads(body)
    except ValueError:
        answer = None
    if not isinstance(answer, expect):
        shape = "JSON object" if expect is dict else "JSON list"
        raise CaretakerError(f"{method} {path}: the answer is not a {shape}: not a FogDip API?")
    return answer
