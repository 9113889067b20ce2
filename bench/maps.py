"""Benchmark the map renderer: warm render-and-encode time and PNG size.

    .venv/bin/python bench/maps.py [--runs N] [--width W] [--level L]

(an email's picture: --width 600 --level 5, maps.render.EMAIL_WIDTH and EMAIL_LEVEL)

Targets (issue 5): 30 ms or less per 1200-pixel map, 100 KB or less per PNG.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from maps.render import encode_png, render_map, render_png  # noqa: E402

RECORDS = ROOT / "tests" / "maps" / "records"
TITLE = "Benchmark game"


def _cases() -> dict[str, dict]:
    board = json.loads((RECORDS / "game_master_s1901m.json").read_text())
    germany = json.loads((RECORDS / "germany_f1901m.json").read_text())
    busy = json.loads((RECORDS / "game_master_busy.json").read_text())
    observer = {"power": "ITALY", "phase": "S1901M", "sees": [], "units": {}, "centers": {}}
    return {
        "full board (game master)": board,
        "busy board, 34 orders": busy,
        "fogged power (Germany)": germany,
        "observer (all fog)": observer,
    }


def _median_ms(action, runs: int, clock=time.perf_counter) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        action()
        times.append(clock() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument(
        "--level", type=int, default=None, help="zlib-ng level (default: the page's)"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    render_png(_cases()["fogged power (Germany)"], TITLE, width=args.width, level=args.level)
    print(
        f"cold first map (builds the cached layers): {(time.perf_counter() - start) * 1000:.0f} ms"
    )
    print("median of warm runs; CPU ms is this process's own time, unaffected by other load")
    header = ("render+PNG ms", "CPU ms", "render ms", "encode ms", "PNG KB")
    print(f"{'record':28} " + " ".join(f"{h:>13}" for h in header))
    for name, record in _cases().items():
        image = render_map(record, TITLE, width=args.width)
        total = _median_ms(
            lambda r=record: render_png(r, TITLE, width=args.width, level=args.level), args.runs
        )
        drawing = _median_ms(lambda r=record: render_map(r, TITLE, width=args.width), args.runs)
        encoding = _median_ms(lambda i=image: encode_png(i, args.level), args.runs)
        cpu = _median_ms(
            lambda r=record: render_png(r, TITLE, width=args.width, level=args.level),
            args.runs,
            time.process_time,
        )
        size = len(render_png(record, TITLE, width=args.width, level=args.level)) / 1000
        figures = (total, cpu, drawing, encoding, size)
        print(f"{name:28} " + " ".join(f"{f:13.1f}" for f in figures))


if __name__ == "__main__":
    main()
