"""The game page's profile: N requests in this process, under cProfile.

    python -m bench.web_profile PLAYERS_JSON N   (run by bench/web_load.py --profile N)

Each request is made as a seeded player (their session cookie), through
Django's whole stack but without a network; prints the mean CPU and wall time per page and the
functions with the most cumulative CPU time (PROFILE_FILTER: a regular
expression on their file and name).
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(players_file: str, count: int) -> None:
    import django

    django.setup()
    from bench.web_cpu import PLAYERS_ASKED, requests_by_kind

    page = requests_by_kind(json.loads(Path(players_file).read_text()))["game"]
    for number in range(PLAYERS_ASKED):
        assert page(number).status_code == 200
    # CPU time, not wall time: on a shared machine the wall clock measures the neighbours.
    profile = cProfile.Profile(time.process_time)
    start, cpu = time.perf_counter(), time.process_time()
    profile.enable()
    for number in range(count):
        page(number)
    profile.disable()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"game page: {count} requests under the profiler, each {1000 * cpu / count:.1f} ms "
        f"of this process's CPU, {1000 * elapsed / count:.1f} ms wall"
    )
    shown = os.environ.get("PROFILE_FILTER", "")
    pstats.Stats(profile).sort_stats("cumulative").print_stats(shown, 40)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
