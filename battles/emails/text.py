"""A side's record of a battle as lines of text, for its email (the picture shows the same).

Made from the record alone, like the picture: what the side sees, its
last-seen ghosts and what it saw happen this turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.battle.actions import itemised
from adjudication.battle.knowledge import Event, Ghost, Seen, SideRecord

VERBS = {
    "move": "moves",
    "charge": "charges",
    "attack": "attacks",
    "shoot": "shoots",
    "heal": "heals",
}

MOVES = {"move", "charge"}


# (side, character's name) -> its ATT and DEF bonuses: keyed by side too, so a
# character of the same name on a side the reader cannot see lends it nothing.
Bonuses = Mapping[tuple[str, str], tuple[int, int]]


def effective(base: int, bonus: int, character: str | None) -> str:
    """``4 (3 + Aldo 1)``: a stat with its character's bonus in it (ruling B29)."""
    if not bonus or not character:
        return str(base)
    sign = "+" if bonus > 0 else "-"
    return f"{base + bonus} ({base} {sign} {character} {abs(bonus)})"


def effective_stats(token: Seen, bonuses: Bonuses) -> tuple[str, str]:
    """The token's ATT and DEF as it fights, with its character's bonuses."""
    att, defence = bonuses.get((token.side, token.character or ""), (0, 0))
    return effective(token.att, att, token.character), effective(
        token.defence, defence, token.character
    )


def token_line(token: Seen, bonuses: Bonuses | None = None) -> str:
    powers = [f"RANGE {token.range}"] if token.range else []
    powers += ["HEAL"] if token.heal else []
    powers += [f"with {token.character}"] if token.character else []
    extra = f", {', '.join(powers)}" if powers else ""
    att, defence = effective_stats(token, bonuses or {})
    return (
        f"{token.id} ({token.side}) at {token.at.name}: HP {token.hp}/{token.max_hp}, "
        f"ATT {att} DEF {defence} SPD {token.spd}{extra}"
    )


def ghost_line(ghost: Ghost) -> str:
    token = ghost.token
    return f"{token.id} ({token.side}) last seen at {token.at.name} on turn {ghost.turn}"


def event_line(event: Event) -> str:
    who = event.token or f"an unseen {event.side} token"
    said = f"{who} {VERBS.get(event.kind, event.kind)}"
    if event.path and event.kind in MOVES:
        said += " via " + " ".join(square.name for square in event.path)
    elif event.path:
        said += f" from {event.path[-1].name}"
    if event.target:
        said += f" on {event.target}"
    if event.dice is not None:
        said += f": {fight_words(event)}, {event.damage} damage"
        said += f", {event.target or 'the target'} falls" if event.fell else ""
    return said


def fight_words(event: Event) -> str:
    """Each total itemised as far as the side may know it (the record holds no more:
    what it did not see is one unseen figure, ruling F5); a record kept before the
    terms were gives the dice and the totals."""
    assert event.dice is not None
    attack_die, defence_die = event.dice
    if not event.attack_terms:
        return f"dice {attack_die} and {defence_die}, {event.attack} against {event.defence}"
    attack = itemised(event.attack or 0, attack_die, event.attack_terms)
    defence = itemised(event.defence or 0, defence_die, event.defence_terms)
    return f"{attack} against {defence}"


def record_lines(record: SideRecord, bonuses: Bonuses | None = None) -> dict[str, list[str]]:
    """The record's parts, each a list of lines: seen tokens, ghosts, this turn's events."""
    return {
        "tokens": [token_line(t, bonuses) for t in record.tokens],
        "ghosts": [ghost_line(g) for g in record.ghosts],
        "events": [event_line(e) for e in record.events],
    }
