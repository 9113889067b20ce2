"""One game's deadline, and what a player reads, in year 1 against year 30.

    .venv/bin/python bench/deadline.py [--repeats 5] [--page-repeats 20]

In this process, on PostgreSQL (the database fogdip_bench_web, made afresh):
two seven-power games on the 2005 fog rules with random legal orders, one
played to the fall of its first year and one to the fall of its 30th. For
each, the fall deadline: adjudication with its records, each power's map,
and every results email built and handed to the (in-memory) mail backend by
the send task, as a deadline's are (one batch through one connection),
each stage timed and its SQL queries counted, inside a transaction rolled
back after each repeat so every repeat does the same work. Then the game page,
the map and a results email as a player reads them. Figures are medians of
the repeats; the machine's load average is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.web_load import environment, fresh_database, load_average  # noqa: E402

Stage = Callable[[], object]


class Rollback(Exception):
    """Raised to undo one repeat of a deadline."""


def setup(folder: Path) -> None:
    os.environ.update(environment(folder))
    os.environ["ALLOWED_HOSTS"] = "testserver"
    fresh_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    from fogdip.celery import app

    app.conf.task_always_eager = True  # the sweep's adjudication runs in place


def played_to_fall(label: str, year: int) -> Any:
    """A game whose open phase is the fall movement of its ``year``."""
    from games.models import Phase
    from tests.perf.long_game import play_to_year, seated_game

    game = play_to_year(seated_game(label), year)
    while not open_phase(game).name.startswith("F"):
        play_one(game)
    assert open_phase(game).status == Phase.Status.OPEN
    return game


def open_phase(game: Any) -> Any:
    return game.phases.filter(status="open").order_by("-ordinal").first()


def play_one(game: Any) -> None:
    from games.tasks import sweep_deadlines
    from tests.operations.played import pass_deadline, submit_everyones_orders

    pass_deadline(submit_everyones_orders(game, seed=1))
    sweep_deadlines()
    game.refresh_from_db()


Figure = tuple[float, float, int]  # wall ms, this process's CPU ms, SQL queries


def measured(stage: Stage) -> Figure:
    """Wall and CPU milliseconds and SQL queries of one call. On a shared
    machine the wall clock also counts the neighbours; the CPU time is this
    process's own work (the database server's is not in it).

    Queries are counted by a wrapper around each execution, as cheap as the
    site's own: Django's CaptureQueriesContext, used before, writes out each
    statement with its values (psycopg's mogrify), which no worker does: under
    the profiler, about a tenth of the emails stage."""
    from django.db import connection

    count = 0

    def counted(execute: Callable[..., Any], *args: Any) -> Any:
        nonlocal count
        count += 1
        return execute(*args)

    with connection.execute_wrapper(counted):
        start, cpu = time.perf_counter(), time.process_time()
        stage()
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return 1000 * elapsed, 1000 * cpu, count


def draw_together(records: Any, game_name: str) -> list[bytes]:
    """Each power's map, drawn together as the results emails' send task
    draws them: the email's picture (the page's is drawn at a player's first look)."""
    from games.emails.pictures import map_png
    from games.maps_adapter import drawn_together

    with drawn_together():
        return [map_png(row.data, game_name) for row in records if row.power]


def one_deadline(game: Any, media: Path) -> dict[str, Figure]:
    """Each stage of the open phase's deadline, then everything undone."""
    from django.db import transaction

    from games.actions.processing import adjudicate_phase, claim_phase_now
    from games.models import KnowledgeRecord
    from postoffice.models import OutboxMessage
    from postoffice.sending import send_messages
    from tests.operations.played import submit_everyones_orders

    shutil.rmtree(media / "maps", ignore_errors=True)  # every repeat draws its maps afresh
    stages: dict[str, Figure] = {}
    try:
        with transaction.atomic():
            phase = submit_everyones_orders(game, seed=2)
            claim_phase_now(phase)
            stages["adjudication and records"] = measured(lambda: adjudicate_phase(phase.pk))
            records = KnowledgeRecord.objects.filter(game=game, ordinal=phase.ordinal)
            stages["maps (each power's)"] = measured(lambda: draw_together(records, game.name))
            sends = OutboxMessage.objects.filter(phase=phase, kind=OutboxMessage.Kind.RESULTS)
            ids = list(sends.values_list("pk", flat=True))
            # As the send task sends a deadline's results: one batch, one connection.
            stages[f"results emails ({len(ids)})"] = measured(lambda: send_messages(ids))
            raise Rollback
    except Rollback:
        pass
    return stages


def reads(game: Any) -> dict[str, Stage]:
    from django.test import Client
    from django.urls import reverse

    from postoffice.models import OutboxMessage
    from postoffice.sending import draft_of

    seat = game.seats.exclude(power="").order_by("power").first()
    client = Client()
    client.force_login(seat.user)
    message = OutboxMessage.objects.filter(
        game=game, power=seat.power, kind=OutboxMessage.Kind.RESULTS
    ).last()
    assert message is not None, "the game has sent no results yet"
    return {
        "game page": lambda: client.get(reverse("game", args=[game.pk])),
        "map": lambda: client.get(reverse("game_map_latest", args=[game.pk])),
        "results email": lambda: draft_of(message),
    }


def medians(samples: list[dict[str, Figure]]) -> dict[str, Figure]:
    return {
        name: (
            statistics.median(s[name][0] for s in samples),
            statistics.median(s[name][1] for s in samples),
            samples[-1][name][2],
        )
        for name in samples[0]
    }


def deadline_figures(game: Any, repeats: int, media: Path) -> dict[str, Figure]:
    one_deadline(game, media)  # warm the board, the templates and the fonts
    figures = medians([one_deadline(game, media) for _ in range(repeats)])
    total = tuple(sum(figure[i] for figure in figures.values()) for i in range(3))
    return {**figures, "the whole deadline": (total[0], total[1], int(total[2]))}


def read_figures(game: Any, repeats: int) -> dict[str, Figure]:
    stages = reads(game)
    for stage in stages.values():
        stage()  # the first read draws the map
    return medians([{n: measured(s) for n, s in stages.items()} for _ in range(repeats)])


def print_side_by_side(
    title: str, late: int, first: dict[str, Any], thirtieth: dict[str, Any]
) -> None:
    print(f"\n{title} (load average {load_average()})")
    late_head = f"year {late}: wall ms"
    print(
        f"  {'':<28}{'year 1: wall ms':>16}{'cpu ms':>8}{'queries':>8}"
        f"{late_head:>18}{'cpu ms':>8}{'queries':>8}"
    )
    for name in first:
        key = next(k for k in thirtieth if k.split(" (")[0] == name.split(" (")[0])
        (a, ca, qa), (b, cb, qb) = first[name], thirtieth[key]
        print(f"  {name:<28}{a:>16.1f}{ca:>8.1f}{qa:>8}{b:>18.1f}{cb:>8.1f}{qb:>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--page-repeats", type=int, default=20)
    parser.add_argument("--late-year", type=int, default=30, help="the year set beside year 1")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fogdip-deadline-") as folder:
        setup(Path(folder))
        from games.models import Phase

        games = [played_to_fall("year-1", 1), played_to_fall("later", args.late_year)]
        for game in games:
            history = Phase.objects.filter(game=game).count()
            print(f"{game.name}: open phase {open_phase(game).name}, {history} phases of history")
        media = Path(folder) / "media"
        print_side_by_side(
            "One deadline, in-process on PostgreSQL",
            args.late_year,
            *(deadline_figures(game, args.repeats, media) for game in games),
        )
        print_side_by_side(
            "What a player reads",
            args.late_year,
            *(read_figures(game, args.page_repeats) for game in games),
        )


if __name__ == "__main__":
    main()
