"""A side's own record of the battle: what it sees now, last-seen ghosts, what it saw happen.

Everything a side receives (page, email, picture) is made from its record
alone (docs/rules/battle.md, rulings F3-F5). The game master's record has the
same shape, made from the whole battle with ``side`` None. Without fog a
side's record shows the whole battle too, and no ghosts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from adjudication.battle.actions import Kind, Power, Result
from adjudication.battle.activation import Activation
from adjudication.battle.fog import Fog, side_sees
from adjudication.battle.model import Battle, Grid, Token
from adjudication.battle.squares import Square


@dataclass(frozen=True)
class Seen:
    """A token as a side saw it."""

    id: str
    side: str
    at: Square
    hp: int
    max_hp: int
    att: int
    defence: int
    spd: int
    range: int = 0
    heal: bool = False
    character: str | None = None


@dataclass(frozen=True)
class Ghost:
    """An enemy token no longer seen, where and when it was last seen."""

    token: Seen
    turn: int


@dataclass(frozen=True)
class Event:
    """One action of this turn as the side saw it; ``None`` where it saw nothing."""

    kind: str  # move, charge, attack, shoot, heal
    side: str
    token: str | None
    path: tuple[Square, ...]  # the squares it saw the token on, in order
    target: str | None = None
    target_at: Square | None = None
    dice: tuple[int, int] | None = None
    attack: int | None = None
    defence: int | None = None
    damage: int | None = None
    fell: bool = False
    # What made each total besides the die, as far as the side may know it
    # (`known_terms`): what it could not see is one figure, named UNSEEN.
    attack_terms: tuple[tuple[str, int], ...] = ()
    defence_terms: tuple[tuple[str, int], ...] = ()


Terms = tuple[tuple[str, int], ...]

UNSEEN = "unseen"  # the name of the part of a total the side could not see
OPEN_TERMS = frozenset({"charge"})  # known from the action itself, which the side is shown


@dataclass(frozen=True)
class SideRecord:
    side: str | None
    turn: int
    grid: Grid
    sees: frozenset[Square]
    tokens: tuple[Seen, ...]
    ghosts: tuple[Ghost, ...] = ()
    events: tuple[Event, ...] = ()
    winner: str | None = None
    sides: tuple[str, ...] = ()  # every side of the battle, in set-up order (public)


def seen(token: Token) -> Seen:
    name = token.character.name if token.character else None
    return Seen(
        token.id, token.side, token.at, token.hp, token.max_hp, token.att, token.defence,
        token.spd, token.powers.range, token.powers.heal, name,
    )  # fmt: skip


def game_master_record(battle: Battle, turn: int, done: Activation | None = None) -> SideRecord:
    """Everything: the whole grid, every standing token, every action in full."""
    everything = frozenset(battle.grid.squares())
    events = tuple(_events(battle, done, everything)) if done else ()
    tokens = tuple(seen(t) for t in battle.standing())
    return SideRecord(
        None, turn, battle.grid, everything, tokens, (), events, battle.winner(), battle.sides()
    )


def side_record(
    side: str,
    before: Battle,
    done: Activation | None,
    fog: Fog | None,
    turn: int,
    previous: SideRecord | None = None,
) -> SideRecord:
    """The side's record after an activation (or at the start, with ``done`` None)."""
    after = done.battle if done else before
    sees = side_sees(after, side, fog)
    watched = sees | side_sees(before, side, fog)
    tokens = tuple(seen(t) for t in after.standing() if t.side == side or t.at in sees)
    events = tuple(_events(after, done, watched, side)) if done else ()
    ghosts = _ghosts(previous, tokens, sees, events, side, turn) if fog else ()
    return SideRecord(
        side, turn, after.grid, sees, tokens, ghosts, events, after.winner(), after.sides()
    )


def _events(
    after: Battle, done: Activation, watched: frozenset[Square], side: str | None = None
) -> Iterator[Event]:
    for result in done.results:
        if not result.ok:
            continue
        actor = after.token(result.action.token)
        assert actor is not None and result.start is not None
        event = _event(after, result, actor, watched if actor.side != side else None)
        if event is not None:
            yield event


def _event(
    after: Battle, result: Result, actor: Token, watched: frozenset[Square] | None
) -> Event | None:
    """One action's event; ``watched`` None means the side sees all of it (its own action)."""
    action = result.action
    assert result.start is not None
    way = (result.start, *result.path)  # a blocked move: only the squares it entered
    path = tuple(sq for sq in way if watched is None or sq in watched)
    target = after.token(action.target) if action.target and not result.blocked else None
    target_seen = target is not None and (watched is None or target.at in watched)
    if not path and not target_seen:
        return None
    fight = result.combat
    attacker_seen = watched is None or result.stop in watched
    return Event(
        kind=_kind(result),
        side=actor.side,
        token=actor.id if path else None,
        path=path,
        target=target.id if target_seen and target else None,
        target_at=target.at if target_seen and target else None,
        dice=(fight.attack_die, fight.defence_die) if fight else None,
        attack=fight.attack if fight else None,
        defence=fight.defence if fight else None,
        damage=fight.damage if fight else None,
        fell=bool(fight and fight.fell),
        attack_terms=known_terms(fight.attack_terms, attacker_seen) if fight else (),
        defence_terms=known_terms(fight.defence_terms, target_seen) if fight else (),
    )


def known_terms(terms: Terms, seen: bool) -> Terms:
    """A total's terms as a side watching the fight may know them (ruling F5).

    A side that saw the token when it fought knows its stats and character
    (F3), and so every term; a flanking bonus is then what the total leaves
    over, so naming it tells nothing more. Of a token it did not see, it knows
    only what the action shows (a charge): the rest is one figure, which the
    die and the total it is shown already give away, never split into the
    hidden token's ATT, DEF or character.
    """
    if seen:
        return terms
    shown = tuple((name, value) for name, value in terms if name in OPEN_TERMS)
    hidden = sum(value for name, value in terms if name not in OPEN_TERMS)
    return (*shown, (UNSEEN, hidden))


def _kind(result: Result) -> str:
    action = result.action
    if result.blocked:
        return "move"  # a charge stopped short only moved (ruling F7)
    if action.kind is Kind.POWER:
        return "shoot" if action.power is Power.RANGE else "heal"
    return action.kind.value


def _ghosts(
    previous: SideRecord | None,
    tokens: tuple[Seen, ...],
    sees: frozenset[Square],
    events: tuple[Event, ...],
    side: str,
    turn: int,
) -> tuple[Ghost, ...]:
    """Enemy tokens seen before and not now, where last seen, unless seen gone."""
    if previous is None:
        return ()
    now = {t.id for t in tokens}
    fell = {e.target for e in events if e.fell}
    last_at = {e.token: e.path[-1] for e in events if e.token and e.path}
    candidates = [Ghost(t, previous.turn) for t in previous.tokens if t.side != side]
    candidates += list(previous.ghosts)
    ghosts: list[Ghost] = []
    for ghost in candidates:
        token = ghost.token
        if token.id in now or token.id in fell or token.id in {g.token.id for g in ghosts}:
            continue
        if token.id in last_at:
            token = replace(token, at=last_at[token.id])
            ghost = Ghost(token, turn)
        if token.at not in sees:
            ghosts.append(ghost)
    return tuple(sorted(ghosts, key=lambda g: g.token.id))
