"""A side's record of a battle as lines of text, for its email (the picture shows the same).

Made from the record alone, like the picture: what the side sees, its
last-seen ghosts and what it saw happen this turn.
"""

from __future__ import annotations

from adjudication.battle.knowledge import Event, Ghost, Seen, SideRecord

VERBS = {
    "move": "moves",
    "charge": "charges",
    "attack": "attacks",
    "shoot": "shoots",
    "heal": "heals",
}

MOVES = {"move", "charge"}


def token_line(token: Seen) -> str:
    powers = [f"RANGE {token.range}"] if token.range else []
    powers += ["HEAL"] if token.heal else []
    powers += [f"with {token.character}"] if token.character else []
    extra = f", {', '.join(powers)}" if powers else ""
    return (
        f"{token.id} ({token.side}) at {token.at.name}: HP {token.hp}/{token.max_hp}, "
        f"ATT {token.att} DEF {token.defence} SPD {token.spd}{extra}"
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
        said += (
            f": dice {event.dice[0]} and {event.dice[1]}, {event.attack} against "
            f"{event.defence}, {event.damage} damage"
        )
        said += f", {event.target or 'the target'} falls" if event.fell else ""
    return said


def record_lines(record: SideRecord) -> dict[str, list[str]]:
    """The record's parts, each a list of lines: seen tokens, ghosts, this turn's events."""
    return {
        "tokens": [token_line(t) for t in record.tokens],
        "ghosts": [ghost_line(g) for g in record.ghosts],
        "events": [event_line(e) for e in record.events],
    }
