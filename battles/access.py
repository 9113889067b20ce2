"""The only road from the battle tables to anything a side sees.

The game master reads everything: every side's record, the whole board, all
rolls, the results of every action, the log. A side's player reads that
side's own records (its page, picture and email are drawn from them alone),
its own activations and their results; the rolls list only once the battle
is over (until then a side sees the dice of what its record shows). Anyone
else gets 404, as if the battle did not exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404

from adjudication.battle.knowledge import Seen, SideRecord
from adjudication.battle.knowledge_json import record_from_json
from adjudication.battle.verify import Verified, verify_document
from battles import shares
from battles.actions.base import sides_of_user
from battles.emails.text import Bonuses, effective_stats
from battles.models import (
    GAME_MASTER_SIDE,
    Battle,
    BattleLogEntry,
    BattleMessage,
    BattleRecord,
    BattleRoll,
    BattleSide,
    BattleToken,
    BattleTurn,
)
from battles.replay import replay_document

SET_BY_THE_GAME_MASTER = "set by the game master"


@dataclass(frozen=True)
class BattleViewer:
    battle: Battle
    user: Any
    side: str  # the side whose records this viewer reads; "" the game master's
    is_game_master: bool


def access_battle(user: Any, battle_id: int, side: str | None = None) -> BattleViewer:
    """The viewer of a battle; the game master may look through any side (``side``)."""
    battle = Battle.objects.filter(pk=battle_id).first()
    if battle is None:
        raise Http404("No such battle.")
    if battle.game_master_id == getattr(user, "pk", None):
        looked = side if side in battle.side_names() else GAME_MASTER_SIDE
        return BattleViewer(battle, user, looked or GAME_MASTER_SIDE, True)
    mine = sides_of_user(battle, user)
    if not mine:
        raise Http404("No such battle.")
    return BattleViewer(battle, user, side if side in mine else mine[0], False)


def access_battle_as_master(user: Any, battle_id: int) -> BattleViewer:
    """The game master's viewer; a side's player is refused (403), anyone else 404s."""
    viewer = access_battle(user, battle_id)
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master can do that.")
    return viewer


def access_record(viewer: BattleViewer) -> SideRecord | None:
    """The viewer's side's newest record (the game master's: the whole battle)."""
    row = _records(viewer).order_by("-turn").first()
    return record_from_json(row.data) if row else None


def access_character_bonuses(viewer: BattleViewer, record: SideRecord | None) -> Bonuses:
    """The ATT and DEF bonuses of the characters the record shows (ruling B29): part of
    the stats of a token the side sees (F3), set when the game master placed them."""
    seen = {(t.side, t.character) for t in record.tokens if t.character} if record else set()
    rows = viewer.battle.tokens.filter(character__in={character for _, character in seen})
    # Only the characters of the sides whose tokens the record shows: a same-named
    # character on a token the side does not see must lend it nothing (F3).
    return {
        (r.side, r.character): (r.character_att, r.character_def)
        for r in rows
        if (r.side, r.character) in seen
    }


def record_rows(record: SideRecord | None, bonuses: Bonuses) -> list[tuple[Seen, str, str]]:
    """Each token of the record with its ATT and DEF as it fights, for the token table."""
    tokens = record.tokens if record else ()
    return [(token, *effective_stats(token, bonuses)) for token in tokens]


def access_record_at(viewer: BattleViewer, turn: int) -> SideRecord | None:
    """The viewer's side's record after ``turn`` (an email about that turn reads this one)."""
    row = _records(viewer).filter(turn__lte=turn).order_by("-turn").first()
    return record_from_json(row.data) if row else None


def _records(viewer: BattleViewer) -> QuerySet[BattleRecord]:
    return BattleRecord.objects.filter(battle=viewer.battle, side=viewer.side)


def access_own_turns(viewer: BattleViewer) -> QuerySet[BattleTurn]:
    """The viewer's side's turns, with what it sent and the results (the game master: all)."""
    turns = viewer.battle.turns.all()
    return turns if viewer.side == GAME_MASTER_SIDE else turns.filter(side=viewer.side)


def access_open_turn(viewer: BattleViewer) -> BattleTurn | None:
    """The side-turn open now: whose it is and its deadline are public, as on the side page."""
    return viewer.battle.open_turn()


@dataclass(frozen=True)
class Share:
    """A shared side's turn as one of its players sees it (battles/shares.py)."""

    shared: bool = False  # the side has more than one player with a standing token
    sent: bool = False  # this player's part is in
    waiting: tuple[str, ...] = ()  # the side's players whose parts are not


def access_share(viewer: BattleViewer, turn: BattleTurn | None) -> Share:
    """Who of the viewer's own side has sent a part of its open turn: the side's own players
    and their own actions only."""
    if turn is None or turn.side != viewer.side:
        return Share()
    awaited = shares.awaited(viewer.battle, viewer.side)
    waiting = get_user_model().objects.filter(pk__in=awaited - shares.sent_by(turn))
    names = tuple(waiting.order_by("username").values_list("username", flat=True))
    return Share(len(awaited) > 1, shares.own_part(turn, viewer.user) is not None, names)


@dataclass(frozen=True)
class ShownRoll:
    """A roll as a reader sees it in the roll list."""

    number: int
    value: int
    decided: str
    turn: int
    numbered: bool = True  # False: a set roll shown to a side before the end (ruling B27)


def access_rolls(viewer: BattleViewer) -> list[ShownRoll]:
    """Every roll for the game master, and for all once the battle is over. Before that a
    side sees the roll-off, and each roll the game master set once it is made (ruling B27):
    its face and turn; not its number (which tells how many dice went before it) nor what
    it decided."""
    battle = viewer.battle
    rolls = battle.rolls.all()
    if viewer.is_game_master or battle.status == Battle.Status.FINISHED:
        return [ShownRoll(r.number, r.value, r.decided, r.turn) for r in rolls]
    shown = rolls.filter(Q(turn=0) | Q(number__in=set_roll_numbers(battle)))
    return [_as_a_side_sees_it(roll) for roll in shown]


def access_set_rolls(viewer: BattleViewer, turn: int) -> list[ShownRoll]:
    """The rolls the game master set that ``turn`` used (every reader, ruling B27)."""
    numbers = set(set_roll_numbers(viewer.battle))
    return [r for r in access_rolls(viewer) if r.turn == turn and r.number in numbers]


def set_roll_numbers(battle: Battle) -> list[int]:
    return [int(number) for number in battle.overrides]


def _as_a_side_sees_it(roll: BattleRoll) -> ShownRoll:
    if roll.turn == 0:  # the roll-off is public
        return ShownRoll(roll.number, roll.value, roll.decided, 0)
    return ShownRoll(roll.number, roll.value, SET_BY_THE_GAME_MASTER, roll.turn, numbered=False)


def access_replay(viewer: BattleViewer) -> dict[str, Any]:
    """The replay document: the game master's at any time (the seed hidden until the end);
    a side's player's once the battle is over (until then it shows what fog hides)."""
    if not viewer.is_game_master and viewer.battle.status != Battle.Status.FINISHED:
        raise PermissionDenied("The replay opens when the battle is over.")
    return replay_document(viewer.battle)


def access_verification(viewer: BattleViewer) -> Verified:
    """The battle checked from the replay document anyone in it downloads and the revealed
    seed, as `python -m adjudication battle verify` checks it: once the battle is over."""
    if viewer.battle.status != Battle.Status.FINISHED:
        raise PermissionDenied("The dice can be checked when the battle is over.")
    return verify_document(replay_document(viewer.battle))


def access_log(viewer: BattleViewer) -> QuerySet[BattleLogEntry]:
    if not viewer.is_game_master:
        raise Http404("No such battle.")
    return viewer.battle.log.all()


def access_my_battles(user: Any) -> QuerySet[Battle]:
    if not getattr(user, "is_authenticated", False):
        return Battle.objects.none()
    return Battle.objects.filter(
        Q(game_master=user) | Q(sides__player=user) | Q(tokens__player=user)
    ).distinct()


def access_messages(viewer: BattleViewer) -> QuerySet[BattleMessage]:
    """The messages the viewer's side sent or was sent (the game master: every one)."""
    messages = viewer.battle.messages.all()
    if viewer.is_game_master and viewer.side == GAME_MASTER_SIDE:
        return messages
    return messages.filter(Q(from_side=viewer.side) | Q(to_side=viewer.side))


def access_message(viewer: BattleViewer, message_id: int) -> BattleMessage:
    found = access_messages(viewer).filter(pk=message_id).first()
    if found is None:
        raise Http404("No such message.")
    return found


def known_players(game_master: Any) -> list[str]:
    """The usernames that play a side or a token in this game master's battles:
    what the console suggests, rather than every account on the site."""
    mine = Battle.objects.filter(game_master=game_master)
    by_side = BattleSide.objects.filter(battle__in=mine, player__isnull=False)
    by_token = BattleToken.objects.filter(battle__in=mine, player__isnull=False)
    names = {*by_side.values_list("player__username", flat=True)}
    names |= {*by_token.values_list("player__username", flat=True)}
    return sorted(names)
