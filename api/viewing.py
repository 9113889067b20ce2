"""Who is asking, in which game, and for which phase: shared by every API route.

The viewer always comes from games.access with the token's own person, so a
route reads nothing the pages would not show that person.
"""

from __future__ import annotations

from django.http import HttpRequest
from ninja.errors import HttpError

from api.auth import require_game, require_play, token_of
from games import access
from games.access import Viewer
from games.models import Phase
from games.views import phase_guard


def viewer_for(request: HttpRequest, game_id: int) -> Viewer:
    require_game(token_of(request), game_id)
    return access.access_game(request.user, game_id)


def player_for(request: HttpRequest, game_id: int) -> Viewer:
    """A play token's viewer, who must hold a power in the game (403 otherwise)."""
    require_play(token_of(request))
    viewer = viewer_for(request, game_id)
    if not viewer.is_player:
        raise HttpError(403, "Only a player with a power may do that in this game.")
    return viewer


def master_for(request: HttpRequest, game_id: int) -> Viewer:
    """A play token's viewer, who must be the game's master (403 otherwise)."""
    require_play(token_of(request))
    require_game(token_of(request), game_id)
    return access.access_game_as_master(request.user, game_id)


def open_phase_named(viewer: Viewer, named: str) -> Phase:
    """The open phase, if it is the one the program named; refused otherwise."""
    phase = access.access_open_phase(viewer)
    if phase is None or named.strip().upper() != phase_guard.open_id(phase):
        # The same words as the web's forms (games/views/phase_guard.py).
        raise HttpError(409, phase_guard.refusal(phase))
    return phase
