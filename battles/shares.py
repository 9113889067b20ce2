"""Shared sides: which player activates which of a side's tokens, and whom the turn awaits.

A token the game master gave to a player is that player's; the side's other
tokens are the side's player's. A side with a single player (its own, or the
controller of every token) is that player's whole, as before sides were
shared. A token nobody holds is never activated: it holds.

Each player's part of the side's activation is kept on the turn in the order
the parts first came (`BattleTurn.parts`); the turn is played when every player
with a standing token has sent theirs, or at the deadline with what is in.
Everything here reads the side's own tokens and its own players' parts only.
"""

from __future__ import annotations

from typing import Any

from battles.models import Battle, BattleTurn


def owners(battle: Battle, side: str) -> dict[str, int | None]:
    """Each of the side's tokens and the id of the player who activates it."""
    side_player = battle.sides.filter(name=side).values_list("player_id", flat=True).first()
    rows = battle.tokens.filter(side=side).values_list("name", "player_id")
    owned = {name: player or side_player for name, player in rows}
    players = {player for player in owned.values() if player is not None}
    if len(players) == 1:
        return dict.fromkeys(owned, players.pop())
    return owned


def standing(battle: Battle, side: str) -> set[str]:
    return {t["id"] for t in battle.position if t["side"] == side and not t["fallen"]}


def tokens_of(battle: Battle, side: str, user: Any) -> list[str]:
    """The standing tokens of the side that this player activates."""
    up = standing(battle, side)
    mine = getattr(user, "pk", None)
    return [name for name, player in owners(battle, side).items() if player == mine and name in up]


def awaited(battle: Battle, side: str) -> set[int]:
    """The players the side's turn waits for: those with a standing token."""
    up = standing(battle, side)
    return {p for name, p in owners(battle, side).items() if p is not None and name in up}


def with_part(parts: list[dict[str, Any]], user: Any, text: str) -> list[dict[str, Any]]:
    """The parts with this player's replaced where it stood, or added last."""
    part = {"player": user.pk, "text": text}
    if any(p["player"] == user.pk for p in parts):
        return [part if p["player"] == user.pk else p for p in parts]
    return [*parts, part]


def combined(parts: list[dict[str, Any]]) -> str:
    """The side's activation: each player's lines, in the order the parts came."""
    return "\n".join(p["text"] for p in parts if p["text"].strip())


def complete(battle: Battle, side: str, parts: list[dict[str, Any]]) -> bool:
    return awaited(battle, side) <= {p["player"] for p in parts}


def sent_by(turn: BattleTurn) -> set[int]:
    return {p["player"] for p in turn.parts}


def own_part(turn: BattleTurn | None, user: Any) -> str | None:
    """The text this player sent for the turn (None: nothing yet)."""
    parts = turn.parts if turn else []
    return next((p["text"] for p in parts if p["player"] == getattr(user, "pk", None)), None)


def played_words(turn: BattleTurn, played: str = "") -> str:
    """What the sender is told: the turn played, or their part in and the turn awaiting."""
    if turn.submitted is None:
        return (
            f"Your part of turn {turn.number} is in: the turn is played when {turn.side}'s"
            " other players have sent theirs, or at the deadline."
        )
    return f"Turn {turn.number} is played{played}."
