"""The caretaker's pass: how its in-process requests say whose seat they play.

A caretaker's pass is answered by the site's own routes (api/in_process.py),
so it reads exactly what a program with a play token for that seat's game
would. It needs no token row for that: a row would take the next id of a
counter every token owner sees (the settings page links each token by its
id), and a player could then count the caretaker's passes and tell when a
seat in a fog game was taken over. So the pass is a play token that is
never saved, handed to the request in its WSGI environ under a key no HTTP
client can set (a client's headers arrive as ``HTTP_*`` keys, and carry
text, not a token), and the API's authentication (api/auth.py) takes it as
it finds it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from api.models import ApiToken
from games.models import Game

ENVIRON_KEY = "fogdip.seat_pass"


def seat_pass(user: Any, game: Game) -> ApiToken:
    """A play token for ``user`` limited to ``game``, never saved."""
    return ApiToken(user=user, game=game, name="caretaker pass", scope=ApiToken.Scope.PLAY)


def pass_of(request: HttpRequest) -> ApiToken | None:
    """The pass an in-process request carries; None for every request from outside."""
    carried = request.META.get(ENVIRON_KEY)
    if isinstance(carried, ApiToken) and carried.pk is None:
        return carried
    return None
