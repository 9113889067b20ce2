"""What each press mode allows (docs/web.md, "Press").

* none (gunboat): no press at all;
* white: every message is signed with its true sender;
* grey: the sender signs, or sends anonymously;
* black: the sender claims to be any power, or sends anonymously; no player
  is ever shown the true sender.

Press is open while the game is under way or paused (the pause stops the
clock, not the talk) and the game master has not switched it off; closed
while the game forms and once it has finished.
"""

from __future__ import annotations

from django.db.models import QuerySet

from common.prepared import prepared
from games.models import Game, PressMode, Seat
from games.press.models import ANONYMOUS, GAME_MASTER_SIGNATURE

MAX_BODY = 5000


def has_press(game: Game) -> bool:
    return game.press_mode != PressMode.NONE


def why_closed(game: Game) -> str:
    """Why nobody can send press now; "" when press is open."""
    if not has_press(game):
        return "This game has no press: it is a gunboat game."
    if game.status == Game.Status.FORMING:
        return "Press opens when the game starts."
    if game.status == Game.Status.FINISHED:
        return "The game is over: press is closed."
    if not game.press_open:
        return "The game master has closed press for now."
    return ""


def powers_in_game(game: Game) -> list[str]:
    """Every power that has had a player, eliminated or not, its seat open or
    not: in a fog game a list that dropped a power would tell its reader the
    power was out, or that its player had left. A message to an open seat
    waits for the power's next player."""
    return sorted({seat.power for seat in seats_with_a_power(game_id=game.pk)})


@prepared
def seats_with_a_power(game_id: int) -> QuerySet[Seat]:
    """Compiled once (common.prepared): every press page and message asks it."""
    return Seat.objects.filter(game_id=game_id).exclude(power="").only("power")


def allowed_shown_as(game: Game, power: str) -> list[str]:
    """Whom a message from ``power`` may claim to come from, the true sender first."""
    press_mode = game.press_mode
    if press_mode == PressMode.WHITE:
        return [power]
    if press_mode == PressMode.GREY:
        return [power, ANONYMOUS]
    if press_mode == PressMode.BLACK:
        return [power, *(p for p in game.powers if p != power), ANONYMOUS]
    return []


def sender_label(shown_as: str) -> str:
    labels = {ANONYMOUS: "Anonymous", GAME_MASTER_SIGNATURE: "Game master"}
    return labels.get(shown_as, shown_as.title())
