"""A battle and an activation's results as plain JSON data (BATTLE-CLI.md's output)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudication.battle.actions import Result
from adjudication.battle.activation import Activation
from adjudication.battle.model import Battle, Token


def token_json(battle: Battle, token: Token) -> dict[str, Any]:
    at = token.at.name if battle.grid.contains(token.at) else None
    return {
        "id": token.id,
        "side": token.side,
        "at": at,
        "hp": token.hp,
        "max_hp": token.max_hp,
        "att": token.att,
        "def": token.defence,
        "spd": token.spd,
        "fallen": token.fallen,
        "veteran": token.veteran,
        "character": token.character.name if token.character else None,
    }


def result_json(result: Result) -> dict[str, Any]:
    if not result.ok:
        return {"token": result.action.token, "ok": False, "error": result.error}
    answer: dict[str, Any] = {"token": result.action.token, "ok": True}
    if result.blocked:  # stopped short by a token its side did not see (ruling F7)
        answer["blocked"] = True
        answer["at"] = result.stop.name
    if result.combat is not None:
        answer["attack"] = result.combat.attack
        answer["defense"] = result.combat.defence
        answer["damage"] = result.combat.damage
    return answer


def activation_json(done: Activation, saved: Sequence[str] = ()) -> dict[str, Any]:
    """``saved``: the tokens after-combat healing brought back at the battle's end."""
    return {
        "tokens": [token_json(done.battle, token) for token in done.battle.tokens],
        "results": [result_json(result) for result in done.results],
        "dice_used": done.dice_used,
        "winner": done.winner,
        "saved": list(saved),
    }
