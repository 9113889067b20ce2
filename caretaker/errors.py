"""What stops a caretaker's pass, said in one line the person running it can act on.

The command (``python -m caretaker``) prints such an error and exits 1; the
site's own passes (api/caretaking.py) log it. Anything else raised is a
bug and keeps its traceback.
"""

from __future__ import annotations

import json
from http import HTTPStatus

MAX_DETAIL = 300  # characters of a refusal's answer worth a line on a terminal


class CaretakerError(RuntimeError):
    """A pass that could not be made: the message names the problem."""


class ApiRefused(CaretakerError):
    """The server refused a request; the message carries its status and answer."""


class Unreachable(CaretakerError):
    """The server gave no answer at all: a wrong address, or it is down."""


class NotAPlayer(CaretakerError):
    """The token's holder plays no power in the game (a game master's token)."""


def refusal(method: str, path: str, status: int, body: bytes) -> ApiRefused:
    return ApiRefused(f"the server refused {method} {path}: {status} {answer_detail(status, body)}")


def answer_detail(status: int, body: bytes) -> str:
    """The API's ``detail`` (every FogDip refusal has one) on one line; for any other
    answer (a proxy's error page, another site's) the status's name, not its page."""
    try:
        detail = json.loads(body)["detail"]
    except (ValueError, TypeError, KeyError):
        return f"{_phrase(status)}: not an answer of FogDip's API (is the address the site's?)"
    if not isinstance(detail, str):  # a malformed body's field errors, as a list
        detail = json.dumps(detail)
    line = " ".join(detail.split())
    return line if len(line) <= MAX_DETAIL else line[: MAX_DETAIL - 3] + "..."


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "an unknown status"


def reason(error: BaseException) -> str:
    """Why a request got no answer: "Connection refused", not urllib's
    "<urlopen error [Errno 111] Connection refused>"."""
    cause = getattr(error, "reason", error)  # a URLError wraps the socket's error
    if isinstance(cause, OSError) and cause.strerror:
        return str(cause.strerror)
    return str(cause) or type(cause).__name__
