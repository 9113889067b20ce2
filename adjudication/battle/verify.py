"""A finished battle checked from its published files: the replay document and the seed.

``python -m adjudication battle verify replay.json [SEED] [--json]`` and the
battle's "verify" page both show `report_lines`: whether the seed matches the
commitment shown from the start (and how it was made from the seed), every
roll with what it decided, each side-turn's results, and the final board.
The battle is played again with the rules alone (replay_json.play_document),
so nothing the server says about it is taken on trust but the files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudication.battle.actions import Kind, Result, fell_words, itemised
from adjudication.battle.dice import HOW_TO_CHECK, how_committed
from adjudication.battle.model import Battle, Token
from adjudication.battle.replay import Played
from adjudication.battle.replay_json import play_document
from adjudication.battle.writing import token_json


@dataclass(frozen=True)
class Verified:
    """A replay document played again with a seed, and how the seed fits the commitment."""

    commitment: str
    seed: str
    committed: str | None  # dice.AS_PRINTED or dice.AS_BYTES; None: the seed does not match
    played: Played
    sides: tuple[str, ...]  # the side of each side-turn played, in order
    ending: str = ""  # how a battle not played out ended (ruling B28)

    @property
    def matches(self) -> bool:
        return self.committed is not None

    @property
    def board(self) -> Battle:
        return self.played.edited or self.played.battle


def verify_document(document: dict[str, Any], seed: str | None = None) -> Verified:
    """The battle of ``document`` played with ``seed`` (by default the document's own)."""
    seed = (seed or document.get("seed") or "").strip()
    if not seed:
        raise ValueError("no seed: give the seed revealed when the battle ended")
    commitment = str(document.get("commitment") or "")
    played = play_document({**document, "seed": seed})
    turns = sorted(document["turns"], key=lambda turn: int(turn["number"]))
    sides = tuple(turn["side"] for turn in turns[: len(played.activations)])
    committed = how_committed(seed, commitment)
    return Verified(commitment, seed, committed, played, sides, _ending(document))


def _ending(document: dict[str, Any]) -> str:
    ending = document.get("ending")
    if not ending:
        return ""
    winner = f"{ending['winner']} has won" if ending.get("winner") else "nobody has won"
    return f"Ended by {ending['by']}: {ending['result']}; {winner}"


def report_lines(verified: Verified) -> list[str]:
    """The whole check in words: commitment, rolls, turns, final board, winner."""
    lines = [f"Commitment: {verified.commitment}", f"Seed:       {verified.seed}"]
    if verified.committed:
        lines.append(f"The seed matches: the commitment is {HOW_TO_CHECK[verified.committed]}")
    else:
        lines.append("The seed does NOT match the commitment: these are not the battle's dice.")
    lines += ["", "Every roll (number, face, what it decided):"]
    rolls = verified.played.rolls
    lines += [f"  {r.number:>4}  {r.value}  {_when(r.turn)}{r.decided}" for r in rolls]
    lines += ["", "Each side-turn:"]
    turns = zip(verified.sides, verified.played.activations, strict=True)
    for number, (side, done) in enumerate(turns, 1):
        said = "; ".join(result_line(result) for result in done.results) or "nothing"
        lines.append(f"  turn {number}, {side}: {said}")
    lines += ["", "The final board:"]
    lines += [f"  {board_line(token)}" for token in verified.board.tokens]
    lines.append(f"Winner on the board: {verified.board.winner() or 'none'}")
    return lines + ([verified.ending] if verified.ending else [])


def _when(turn: int) -> str:
    return f"turn {turn}: " if turn else ""


def result_line(result: Result) -> str:
    """One action's result as the verify report says it."""
    action = result.action
    if not result.ok:
        return f"{action.token} refused ({result.error})"
    fight = result.combat
    if fight is not None:
        attack = itemised(fight.attack, fight.attack_die, fight.attack_terms)
        defence = itemised(fight.defence, fight.defence_die, fight.defence_terms)
        return (
            f"{fight.attacker} attacks {fight.defender}: {attack} against {defence}, "
            f"{fight.damage} damage{fell_words(fight)}"
        )
    if action.kind is Kind.MOVE:
        return f"{action.token} moves to {action.path[-1].name}"
    return f"{action.token} heals {action.target}"


def board_line(token: Token) -> str:
    if token.fallen:
        return f"{token.id} ({token.side}) fallen"
    character = f", with {token.character.name}" if token.character else ""
    veteran = ", veteran" if token.veteran else ""
    return (
        f"{token.id} ({token.side}) at {token.at.name}: HP {token.hp}/{token.max_hp}, "
        f"ATT {token.att} DEF {token.defence} SPD {token.spd}{character}{veteran}"
    )


def report_json(verified: Verified) -> dict[str, Any]:
    """The same check as data: the rolls and the final board as the command line writes tokens."""
    board = verified.board
    return {
        "commitment": verified.commitment,
        "seed": verified.seed,
        "matches": verified.matches,
        "committed": verified.committed,
        "rolls": [
            {"number": r.number, "value": r.value, "decided": r.decided, "turn": r.turn}
            for r in verified.played.rolls
        ],
        "tokens": [token_json(board, token) for token in board.tokens],
        "winner": board.winner(),
        "ending": verified.ending or None,
    }
