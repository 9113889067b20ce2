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
``at``, ``hp``, ``max_hp``, ``att``, ``def``, ``spd``, ``fallen``, ``veteran``
and the name of the ``character`` it carries), ``results`` (one per action:
``token``, ``ok``, an ``error`` naming the problem, or a combat's ``attack``,
``defense`` and ``damage``; under fog a move or charge stopped short by a
token the side did not see has ``blocked`` true and the square it stopped
``at``), ``dice_used``, ``winner`` and ``saved``. With ``options.fog`` the
checks are the web's: each action is checked against what the side sees
(docs/rules/battle.md, F6-F7).

Every option is applied, as the web applies it: when the activation wins the
battle, ``after_combat_healing`` takes its dice after the combats' (one per
standing healer of each fallen token's side; the ids it saves are
``saved``), then ``veterans`` gives +1 ATT to every token still standing.
Names of tokens and sides are read without regard to case.

``python -m adjudication battle verify replay.json [SEED] [--json]``: a
finished battle checked from its replay document and seed (verify.py,
docs/battle-cli.md).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from adjudication.battle.activation import Activation, NotEnoughDice, activate
from adjudication.battle.reading import (
    FieldError,
    field,
    listed,
    read_action,
    read_battle,
    read_dice,
    text,
)
from adjudication.battle.replay import healing_dice_needed
from adjudication.battle.turns import after_combat_healing, make_veterans
from adjudication.battle.verify import report_json, report_lines, verify_document
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
    typed = field(data, "side", "", text)
    side = battle.side_named(typed)
    if side is None:
        raise FieldError(f"side: {typed} has no tokens in this battle")
    raw = field(data, "actions", "", listed)
    actions = [read_action(item, f"actions[{i}]") for i, item in enumerate(raw)]
    dice = read_dice(data.get("dice", []))  # a line without combats may leave dice out
    return activation_json(*battle_end(activate(battle, side, actions, dice), dice))


def battle_end(done: Activation, dice: Sequence[int]) -> tuple[Activation, tuple[str, ...]]:
    """When the activation wins the battle, its optional rules as the web plays them:
    after-combat healing with the dice after the combats' (ruling B23), then veterans (B24)."""
    if done.winner is None:
        return done, ()
    needed = healing_dice_needed(done.battle)
    healing = tuple(dice[done.dice_used : done.dice_used + needed])
    if len(healing) < needed:
        raise NotEnoughDice(
            f"not enough dice: after-combat healing needs {needed} after the combats' dice"
        )
    board, saved = after_combat_healing(done.battle, healing)
    board = make_veterans(board, saved)
    return replace(done, battle=board, dice_used=done.dice_used + needed), saved


def verify(path: str, seed: str | None, as_json: bool) -> int:
    """Exit 0 when the seed matches the commitment, 1 when it does not or the file is unusable."""
    try:
        verified = verify_document(_read(path), seed)
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"cannot verify {path}: {_reason(error)}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(report_json(verified), sort_keys=True))
    else:
        print("\n".join(report_lines(verified)))
    return 0 if verified.matches else 1


def _read(path: str) -> dict[str, Any]:
    document = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(document, dict):
        raise ValueError("a replay document is one JSON object")
    return document


def _reason(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"missing field {error}"
    return str(error)
