"""A stored battle as its replay document, and re-played from it
(adjudication.battle.replay_json): the placed tokens, the seed, the side-turns
sent, the game master's board edits and overrides.

The battle as processed turn by turn and the battle as re-played are the same
battle (battles/tests/web/test_it_replays_the_stored_battle.py).
"""

from __future__ import annotations

from typing import Any

from adjudication.battle.replay import Played
from adjudication.battle.replay_json import options_json, placed_json, play_document, position_token
from battles.models import Battle, BattleTurn
from battles.state import options_of, token_from_row


def replay_battle(battle: Battle, overrides: dict[int, int] | None = None) -> Played:
    """The whole battle again from its seed (with ``overrides`` instead of the stored ones)."""
    return play_document(replay_document(battle, with_seed=True), overrides)


def replay_document(battle: Battle, *, with_seed: bool = False) -> dict[str, Any]:
    """Everything needed to re-play the battle, as JSON; the seed only once it is shown
    (``with_seed``: the server's own re-play, never sent to anyone)."""
    done = battle.turns.filter(status=BattleTurn.Status.DONE).order_by("number")
    return {
        "name": battle.name,
        "commitment": battle.commitment,
        "seed": battle.seed if with_seed else battle.seed_revealed or None,
        "grid": {"width": battle.width, "height": battle.height, "terrain": battle.terrain},
        "options": options_json(options_of(battle)),
        "sides": battle.side_names(),
        "tokens": [placed_json(position_token(token_from_row(r))) for r in battle.tokens.all()],
        "turns": [{"number": t.number, "side": t.side, "text": t.text} for t in done],
        "edits": battle.edits,
        "overrides": battle.overrides,
        **_ending(battle),
    }


def _ending(battle: Battle) -> dict[str, Any]:
    """How a battle not played out ended (ruling B28): conceded, or ended by the game master."""
    if not battle.ended_by:
        return {}
    return {
        "ending": {"by": battle.ended_by, "result": battle.result_note, "winner": battle.winner}
    }
