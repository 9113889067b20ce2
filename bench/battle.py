"""Speed of the battle rules: activations per second, fog per side, a picture.

    .venv/bin/python bench/battle.py [--tokens 40] [--seed 1]

A random battle on a 26 x 30 grid (a tenth of it trees, hills and water),
half the tokens red and half blue. Prints the time of one side's view under
fog (sight 3 and 6), of whole activations (every red token moves or attacks)
through `activate`, and of the game master's picture, each the best of 5 runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudication.battle.actions import Action, Kind  # noqa: E402
from adjudication.battle.activation import activate  # noqa: E402
from adjudication.battle.fog import Fog, side_sees  # noqa: E402
from adjudication.battle.knowledge import game_master_record  # noqa: E402
from adjudication.battle.model import Battle, Grid, Terrain, Token  # noqa: E402
from adjudication.battle.squares import Square  # noqa: E402
from maps.battle.render import render_battle_png  # noqa: E402

WIDTH, HEIGHT = 26, 30


def random_battle(tokens: int, rng: random.Random) -> Battle:
    squares = [Square(c, r) for c in range(WIDTH) for r in range(HEIGHT)]
    kinds = [Terrain.TREES, Terrain.HILL, Terrain.WATER]
    terrain = {sq: rng.choice(kinds) for sq in rng.sample(squares, len(squares) // 10)}
    places = rng.sample(squares, tokens)
    return Battle(
        Grid(WIDTH, HEIGHT, terrain),
        tuple(
            Token(f"T{i}", ("red", "blue")[i % 2], at, 3, 3, 3, 3, 3) for i, at in enumerate(places)
        ),
    )


def random_actions(battle: Battle, rng: random.Random) -> list[Action]:
    actions = []
    enemies = [t.id for t in battle.tokens if t.side == "blue"]
    for token in (t for t in battle.tokens if t.side == "red"):
        step = Square(token.at.col + rng.choice((-1, 1)), token.at.row)
        if rng.random() < 0.5:
            actions.append(Action(token.id, Kind.MOVE, (step,)))
        else:
            actions.append(Action(token.id, Kind.ATTACK, (), rng.choice(enemies)))
    return actions


def best(run: Callable[[], object], repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokens", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    battle = random_battle(args.tokens, rng)
    for sight in (3, 6):
        seconds = best(lambda s=sight: side_sees(battle, "red", Fog(s)))  # type: ignore[misc]
        print(f"one side's view, {args.tokens // 2} tokens, sight {sight}: {seconds * 1000:.1f} ms")
    batches = [random_actions(battle, rng) for _ in range(200)]
    dice = [rng.randint(1, 6) for _ in range(2 * args.tokens)]
    seconds = best(lambda: [activate(battle, "red", actions, dice) for actions in batches], 3)
    print(f"activations of {args.tokens // 2} tokens: {len(batches) / seconds:.0f} per second")
    record = game_master_record(battle, 1)
    seconds = best(lambda: render_battle_png(record, "Bench"))
    print(f"game master's picture, {WIDTH} x {HEIGHT}: {seconds * 1000:.0f} ms")


if __name__ == "__main__":
    main()
