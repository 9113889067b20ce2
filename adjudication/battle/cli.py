"""``python -m adjudication battle``: one side's activation a line (BATTLE-CLI.md).

Input line: ``grid`` (``width`` up to 26, ``height``, ``terrain`` by square:
normal, water, trees, hill, mountain), optional ``options`` (``flanking``,
``after_combat_healing``, ``veterans``), ``tokens`` (``id``, ``side``, ``at``,
``att``, ``def``, ``spd``, ``hp``, ``max_hp``; optional ``powers``
``{"range": n, "heal": true}``, ``character`` ``{"name", "att", "def"}``,
``fallen``, ``veteran``), ``side``, ``actions`` (``token``, ``do``: move with
``path``, attack with ``target``, charge with ``path`` and ``target``, power
with ``power`` range or heal and ``target``) and ``dice`` (1 to 6, each
combat's attacker's die then defender's; may be left out when no combat
needs one).

Output line: ``tokens`` (every token in input order with ``id``, ``side``,
``at``, ``hp``, ``max_hp``, ``att``, ``def``, ``spd``, ``fallen`` and the name
of the ``character`` it carries), ``results`` (one per action: ``token``,
``ok``, an ``error`` naming the problem, or a combat's ``attack``, ``defense``
and ``damage``; under fog a move or charge stopped short by a token the side
did not see has ``blocked`` true and the square it stopped ``at``),
``dice_used`` and ``winner``. With ``options.fog`` the checks are the web's:
each action is checked against what the side sees (docs/rules/battle.md, F6-F7).
"""

from __future__ import annotations

from typing import Any

from adjudication.battle.activation import NotEnoughDice, activate
from adjudication.battle.reading import (
    FieldError,
    field,
    listed,
    read_action,
    read_battle,
    read_dice,
    text,
)
from adjudication.battle.writing import activation_json
from adjudication.jsonlines import read_object
from adjudication.serialisation import StepError


def battle_line(line: str) -> dict[str, Any]:
    """One input line -> its output object (an ``error`` object if it cannot be done)."""
    try:
        return _activation(read_object(line))
    except (StepError, FieldError, NotEnoughDice) as error:
        return {"error": str(error)}
    except Exception as error:  # a bug: report it on this line and carry on
        return {"error": f"internal error: {type(error).__name__}: {error}"}


def _activation(data: Any) -> dict[str, Any]:
    battle = read_battle(data)
    side = field(data, "side", "", text)
    if side not in battle.sides():
        raise FieldError(f"side: {side} has no tokens in this battle")
    raw = field(data, "actions", "", listed)
    actions = [read_action(item, f"actions[{i}]") for i, item in enumerate(raw)]
    dice = read_dice(data.get("dice", []))  # a line without combats may leave dice out
    return activation_json(activate(battle, side, actions, dice))
