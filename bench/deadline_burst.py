"""N games due in the same minute, run by real beat and worker processes.

    .venv/bin/python bench/deadline_burst.py --games 1000 --workers 2
    .venv/bin/python bench/deadline_burst.py --games 200 --workers 1,2,4

Needs PostgreSQL and Redis (defaults: the local ones, database
fogdip_bench_burst, Redis db 6 for the broker and db 8 for the shared cache,
which docker-compose also keeps in Redis). The first run for a size migrates a fresh
database, seeds N started seven-power games with random legal orders for
every unit, and keeps it as a template (fogdip_bench_burst_seed_<N>_<preset>);
every run starts from a copy of that template, so 1, 2 and 4 processes face
the same games. Each run starts `celery beat` and one `celery worker
--concurrency=K` as docker-compose does, with the file email backend into a
temporary directory, sets every game's deadline to the same instant, waits
until every results email is sent, and prints: the time from the deadline to
the last email, emails per second, CPU per stage (from the timers of
bench/burst/stages.py, installed only in these processes), peak memory per
pool process, and whether every game was adjudicated once and every email
written once. The machine's load average is printed beside each run.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

if TYPE_CHECKING:
    from bench.burst.watch import Timeline

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.burst.worker_settings"
os.environ.setdefault("SECRET_KEY", "burst-bench-secret-not-for-production")

POWERS = 7


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", default="2", help="pool sizes to run, e.g. 1,2,4")
    parser.add_argument(
        "--database", default="postgres://postgres@127.0.0.1:5432/fogdip_bench_burst"
    )
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/6")
    parser.add_argument(
        "--cache",
        default="redis://127.0.0.1:6379/8",
        help="the shared cache (CACHE_URL), emptied before each run; Redis as in docker-compose",
    )
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--sweep-seconds", type=int, default=10, help="the outbox sweep's interval")
    parser.add_argument("--deadline-sweep-seconds", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("--reseed", action="store_true", help="seed a new template")
    parser.add_argument(
        "--profile", action="store_true", help="time one game's deadline in-process, and profile it"
    )
    return parser.parse_args()


def admin_sql(database_url: str, *statements: str) -> list[tuple[object, ...]]:
    """Run statements on the server's maintenance database (outside any transaction)."""
    import psycopg

    parts = urlsplit(database_url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    rows: list[tuple[object, ...]] = []
    with psycopg.connect(admin, autocommit=True) as conn:
        for statement in statements:
            cursor = conn.execute(statement)
            rows = cursor.fetchall() if cursor.description else []
    return rows


def database_name(database_url: str) -> str:
    return urlsplit(database_url).path.lstrip("/")


def template_name(opts: argparse.Namespace) -> str:
    """Named by size, rule set and schema, so a new migration seeds a new template."""
    from django.db.migrations.loader import MigrationLoader

    leaves = sorted(f"{app}.{name}" for app, name in MigrationLoader(None).graph.leaf_nodes())
    schema = hashlib.sha256(" ".join(leaves).encode()).hexdigest()[:8]
    return f"{database_name(opts.database)}_seed_{opts.games}_{opts.preset}_{schema}"


def exists(opts: argparse.Namespace, name: str) -> bool:
    return bool(admin_sql(opts.database, f"SELECT 1 FROM pg_database WHERE datname = '{name}'"))


def recreate(opts: argparse.Namespace, template: str = "") -> None:
    from django.db import connections

    connections.close_all()
    name = database_name(opts.database)
    copy = f" TEMPLATE {template}" if template else ""
    admin_sql(opts.database, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    admin_sql(opts.database, f"CREATE DATABASE {name}{copy}")


def seed_template(opts: argparse.Namespace) -> None:
    from django.core.management import call_command
    from django.db import connections

    from bench.burst.seed import seed_games

    recreate(opts)
    call_command("migrate", verbosity=0)
    started = time.monotonic()
    seed_games(opts.games, opts.preset)
    print(f"seeded {opts.games} games in {time.monotonic() - started:.0f} s", flush=True)
    connections.close_all()
    template = template_name(opts)
    admin_sql(opts.database, f"DROP DATABASE IF EXISTS {template}")
    admin_sql(opts.database, f"CREATE DATABASE {template} TEMPLATE {database_name(opts.database)}")


def flush_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


def load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def run(opts: argparse.Namespace, concurrency: int) -> bool:
    from bench.burst import machine
    from bench.burst.processes import Burst
    from bench.burst.seed import make_due
    from bench.burst.stages import read_totals, split, task_counts
    from bench.burst.watch import kept, timeline
    from games.models import Game, Phase

    recreate(opts, template_name(opts))
    flush_redis(opts.broker)
    flush_redis(opts.cache)
    game_ids = list(Game.objects.filter(name__startswith="Burst ").values_list("pk", flat=True))
    phase_name = Phase.objects.filter(game_id=game_ids[0], ordinal=1).get().name
    expected = POWERS * len(game_ids)
    with tempfile.TemporaryDirectory(prefix="fogdip-burst-") as directory:
        burst = Burst(
            Path(directory),
            opts.database,
            opts.broker,
            concurrency,
            opts.sweep_seconds,
            deadline_sweep_seconds=opts.deadline_sweep_seconds,
            cache_url=opts.cache,
        )
        try:
            burst.start()
            burst.wait_until_ready()
            print(f"\n{len(game_ids)} games, {concurrency} pool process(es); load {load()}")
            before = machine.snapshot()
            due = make_due(game_ids)
            sent = wait_or_give_up(game_ids, expected, opts.timeout)
            after = machine.snapshot()
            time.sleep(1)  # the last task writes its figures just after its row
        finally:
            burst.stop()
        report(sent, expected, timeline(game_ids, due))
        figures = kept(game_ids, burst.mail, phase_name)
        processes = read_totals(burst.stages)
        cpu, tasks = split(processes), task_counts(processes)
        peak = max((p["peak_kb"] for p in processes), default=0)
    print_cpu(cpu, len(game_ids), peak)
    print("\n".join(machine.report(before, after, os.cpu_count() or 1)))
    print(f"  tasks run: {tasks}")
    print(f"  kept: {figures}")
    print(f"  every game adjudicated once, every email written once: {figures.every_promise}")
    return figures.every_promise and sent == expected


def wait_or_give_up(game_ids: list[int], expected: int, timeout: float) -> int:
    """Wait for every email, but stop early when a phase failed or nothing has
    moved for five minutes, saying so (the worker's log has the reason)."""
    from bench.burst.watch import wait_for_results
    from games.models import Phase

    started, sent, moved = time.monotonic(), -1, time.monotonic()
    while time.monotonic() - started < timeout:
        now_sent = wait_for_results(game_ids, expected, timeout=30)
        if now_sent >= expected:
            return now_sent
        failed = Phase.objects.filter(game_id__in=game_ids, status=Phase.Status.FAILED)
        if failed.exists():
            print(f"  {failed.count()} phases failed; stopping")
            return now_sent
        if now_sent != sent:
            sent, moved = now_sent, time.monotonic()
        elif time.monotonic() - moved > 300:
            print("  nothing sent for five minutes; stopping")
            return now_sent
    return sent


def report(sent: int, expected: int, times: Timeline) -> None:
    print(f"  load after: {load()}")
    print(f"  results emails sent: {sent}/{expected}")
    if times.last_sent is None:
        return
    last = times.seconds(times.last_sent)
    print(f"  deadline -> first claim:        {times.seconds(times.first_claim):7.1f} s")
    print(f"  deadline -> last adjudicated:   {times.seconds(times.last_adjudicated):7.1f} s")
    print(f"  deadline -> last email sent:    {last:7.1f} s")
    claimed = (times.last_sent - times.first_claim).total_seconds()
    print(f"  first claim -> last email sent: {claimed:7.1f} s")
    print(f"  emails per second (over deadline -> last email): {sent / last:.1f}")


def print_cpu(cpu: dict[str, float], games: int, peak_kb: int) -> None:
    total = sum(seconds for stage, seconds in cpu.items() if stage != "sweeps")
    print(f"  worker CPU per game: {1000 * total / games:.0f} ms")
    for stage, seconds in cpu.items():
        print(f"    {stage:20} {seconds:8.1f} s  {1000 * seconds / games:6.0f} ms/game")
    print(f"  peak resident memory of a pool process: {peak_kb / 1024:.0f} MB")


def profile(opts: argparse.Namespace, warm: int = 3, timed: int = 10) -> int:
    """Warm up on a few games, time ten more, then profile one."""
    from bench.burst.profile import one_deadline, profile_deadline
    from games.models import Game

    recreate(opts, template_name(opts))
    games = list(Game.objects.filter(name__startswith="Burst ").values_list("pk", flat=True))
    for game_id in games[:warm]:
        one_deadline(game_id)
    print(f"one game's deadline, warm, in-process; load {load()}")
    for game_id in games[warm : warm + timed]:
        d = one_deadline(game_id)
        print(
            f"  {d.total_ms:5.0f} ms: adjudicate {d.adjudicate_ms:4.0f} ms "
            f"({d.adjudicate_queries} queries), send 7 {d.send_ms:4.0f} ms "
            f"({d.send_queries} queries)"
        )
    print(profile_deadline(games[warm + timed]))
    return 0


def main() -> int:
    opts = options()
    os.environ["DATABASE_URL"] = opts.database
    os.environ["CELERY_BROKER_URL"] = opts.broker
    os.environ["EMAIL_BACKEND"] = "file"
    # This process's own files (the profile's emails and maps) go to a
    # directory of its own, removed at the end.
    with tempfile.TemporaryDirectory(prefix="fogdip-burst-bench-") as directory:
        os.environ["FOGDIP_DATA_DIR"] = directory
        return bench(opts)


def bench(opts: argparse.Namespace) -> int:
    import django

    django.setup()
    if opts.reseed or not exists(opts, template_name(opts)):
        seed_template(opts)
    if opts.profile:
        return profile(opts)
    results = [run(opts, int(k)) for k in opts.workers.split(",")]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
