"""Mail to a person's general address names its game, as judge veterans
write it: a first line ``GAME Fogbound`` (or ``GAME 12``, or ``GAME #12``);
without one, the person's only game. What follows is read as a reply to that
game's own address, as the seat (or the game master) the person holds."""

from __future__ import annotations

from dataclasses import replace

from games import access
from games.models import Game, Seat
from games.replies.addresses import Addressee, PersonAddressee
from postoffice.inbound.reading import Letter

NAME_IT = "name the game on the first line: GAME and its name or number (#12)"


def game_named(person: PersonAddressee, letter: Letter) -> tuple[Addressee | None, Letter, str]:
    """The seat the email is for, the letter without its GAME line; or the reason none is."""
    lines = letter.text.strip().splitlines()
    first = lines[0].split() if lines else []
    mine = list(access.games_of(person.user).exclude(status=Game.Status.FINISHED))
    if first[:1] and first[0].upper() == "GAME":
        wanted = " ".join(first[1:]).lstrip("#").strip().lower()
        chosen = [g for g in mine if g.name.lower() == wanted or str(g.pk) == wanted]
        letter = replace(letter, text="\n".join(lines[1:]))
    else:
        chosen = mine if len(mine) == 1 else []
    if len(chosen) != 1:
        return None, letter, NAME_IT
    found = seat_in(chosen[0], person)
    return found, letter, "" if found else no_power_in(chosen[0])


def seat_in(game: Game, person: PersonAddressee) -> Addressee | None:
    """The person's power in the game, or the game master if they are the
    game's own; anyone else (a member whose power is not assigned yet) is
    neither, whatever games_of lists them in."""
    seat = game.active_seats().filter(user=person.user).exclude(power="").first()
    if seat is not None and seat.status != Seat.Status.REPLACED:
        return Addressee(game, person.user, seat.power)
    if game.game_master_id == person.user.pk:
        return Addressee(game, person.user, "")
    return None


def no_power_in(game: Game) -> str:
    return (
        f"you hold no power in {game.name} yet: write about it again once the "
        "game master has given you one"
    )
