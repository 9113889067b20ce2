"""Draw the sample records N times, for counting a map's instructions.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python bench/maps_instructions.py --width 600 --level 5 --rounds 3

Instruction counts do not change with what else the machine is doing, as CPU
time does on shared cores. Run it with --rounds 0 and with --rounds 3 under
callgrind; the difference in "Collected" over 3 rounds of the 3 records
(tests/maps/records/) is what 9 maps cost. Each record is drawn once first,
in both runs, so the layers built once a process are in both.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from maps.render import DEFAULT_WIDTH, render_png  # noqa: E402

RECORDS = ("germany_f1901m", "game_master_s1901m", "game_master_busy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH)
    parser.add_argument(
        "--level", type=int, default=None, help="zlib-ng level (default: the page's)"
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    folder = ROOT / "tests" / "maps" / "records"
    records = [json.loads((folder / f"{name}.json").read_text()) for name in RECORDS]
    for _ in range(1 + args.rounds):
        for record in records:
            render_png(record, "Benchmark game", width=args.width, level=args.level)


if __name__ == "__main__":
    main()
