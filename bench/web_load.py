"""Players on the web under load: gunicorn (3 workers, DEBUG off, static
files served by WhiteNoise) on PostgreSQL, driven by Locust (bench/locustfile.py).

    .venv/bin/python bench/web_load.py [--players 300] [--users 50,100,300]
        [--seconds 60] [--no-think-users 40] [--profile 200]

Creates the database fogdip_bench_web (or FOGDIP_BENCH_DATABASE) afresh
(dropping an old one), seeds one seven-power game (the 2005 fog rules) per
seven players, gives each player a signed-in session, draws each player's
map once (as a player's first look would have), starts gunicorn and runs Locust headless for each
number of users: p95 per request type, errors, requests per second, and the
machine's load average beside each run. Then a run of the game page alone
with no think time, for its requests per second at saturation. --wrk C runs
the game page alone once more from wrk (a load generator in C, Debian's
package) with C connections, every request a different seeded player's:
Locust's own Python takes a large share of two cores, wrk's hardly any, so
this is the server's capacity. --profile N runs the game page N times in
this process under cProfile first.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PYTHON = str(ROOT / ".venv" / "bin" / "python")
# Another name lets two trees be benched on one machine at once.
DATABASE = os.environ.get("FOGDIP_BENCH_DATABASE", "fogdip_bench_web")
SERVER = "postgres://postgres@127.0.0.1:5432"
SEVEN = 7


def environment(data_dir: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "fogdip.settings",
        "DATABASE_URL": f"{SERVER}/{DATABASE}",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/7",
        "CACHE_URL": "redis://127.0.0.1:6379/7",
        "DEBUG": "false",
        "SECRET_KEY": "bench-only-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SITE_URL": "http://127.0.0.1",
        "EMAIL_BACKEND": "memory",
        "FOGDIP_DATA_DIR": str(data_dir),
        "STATIC_ROOT": str(data_dir / "static"),
    }


def fresh_database() -> None:
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {DATABASE}")


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True)


def seed(players: int, out: Path) -> None:
    """In a Django process: the games, the sessions and the pictures."""
    import django

    django.setup()
    from bench.web_seed import seed_players

    out.write_text(json.dumps(seed_players(players)))


def start_gunicorn(
    env: dict[str, str], port: int, log: Path, workers: int
) -> subprocess.Popen[bytes]:
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "fogdip.wsgi:application",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stderr=log.open("wb"))
    for _ in range(120):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2)
            return server
        except OSError:
            time.sleep(0.5)
    server.terminate()
    raise SystemExit(f"gunicorn did not answer; see {log}")


def run_locust(env: dict[str, str], users: int, seconds: int, prefix: Path, no_think: bool) -> None:
    command = [
        str(ROOT / ".venv" / "bin" / "locust"),
        "-f", str(ROOT / "bench" / "locustfile.py"),
        "--headless", "--only-summary", "--reset-stats",
        f"--users={users}", f"--spawn-rate={max(10, users // 10)}",
        f"--run-time={seconds}s", f"--host={env['LOAD_HOST']}", f"--csv={prefix}",
    ]  # fmt: skip
    run_env = {**env, "FOGDIP_LOAD_NO_THINK": "1" if no_think else "0"}
    subprocess.run(command, cwd=ROOT, env=run_env, check=False, capture_output=True)


WRK_SCRIPT = """
local players = {%s}
local next_one = 0
request = function()
  next_one = next_one %% #players + 1
  local player = players[next_one]
  return wrk.format("GET", player[1], {["Cookie"] = "sessionid=" .. player[2]})
end
"""


def run_wrk(host: str, players_file: Path, connections: int, seconds: int, folder: Path) -> None:
    """The game page alone from wrk: requests per second, latency percentiles, errors."""
    players = json.loads(players_file.read_text())
    entries = ",".join(f'{{"/games/{p["game"]}/", "{p["session"]}"}}' for p in players)
    script = folder / "game_page.lua"
    script.write_text(WRK_SCRIPT % entries)
    load = load_average()
    command = ["wrk", f"-c{connections}", "-t2", f"-d{seconds}s", "--latency", f"-s{script}", host]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    print(f"\ngame page alone from wrk, {connections} connections (load average before: "
          f"{load}; after: {load_average()})")  # fmt: skip
    print(result.stdout or result.stderr)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def report(label: str, prefix: Path, load: str) -> None:
    with Path(f"{prefix}_stats.csv").open() as stats:
        rows = list(csv.DictReader(stats))
    print(f"\n{label} (load average before: {load}; after: {load_average()})")
    print(f"  {'request':<24}{'count':>8}{'errors':>8}{'p50 ms':>8}{'p95 ms':>8}{'req/s':>8}")
    for row in rows:
        print(
            f"  {row['Name']:<24}{row['Request Count']:>8}{row['Failure Count']:>8}"
            f"{row['50%']:>8}{row['95%']:>8}{float(row['Requests/s']):>8.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--users", default="50,100,300")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--no-think-users", type=int, default=40)
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--wrk", type=int, default=0, help="connections for a wrk run")
    parser.add_argument("--gunicorn-workers", type=int, default=3, help="as docker-compose.yml")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed-into", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.seed_into:
        return seed(args.players, args.seed_into)
    with tempfile.TemporaryDirectory(prefix="fogdip-web-load-") as folder:
        measure(args, Path(folder))


def measure(args: argparse.Namespace, folder: Path) -> None:
    env = environment(folder)
    fresh_database()
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "collectstatic", "--noinput", "-v0")
    players = folder / "players.json"
    subprocess.run(
        [PYTHON, __file__, f"--players={args.players}", f"--seed-into={players}"],
        cwd=ROOT, env=env, check=True,
    )  # fmt: skip
    print(f"seeded {args.players} players in {-(-args.players // SEVEN)} games")
    if args.profile:
        subprocess.run([PYTHON, "-m", "bench.web_profile", str(players), str(args.profile)],
                       cwd=ROOT, env=env, check=True)  # fmt: skip
    env |= {"FOGDIP_LOAD_PLAYERS": str(players), "LOAD_HOST": f"http://127.0.0.1:{args.port}"}
    server = start_gunicorn(env, args.port, folder / "gunicorn.log", args.gunicorn_workers)
    try:
        for users in [int(n) for n in args.users.split(",") if n]:
            load = load_average()
            run_locust(env, users, args.seconds, folder / f"u{users}", no_think=False)
            report(f"{users} players, the issue's mix", folder / f"u{users}", load)
        if args.no_think_users:
            load = load_average()
            prefix = folder / "nothink"
            run_locust(env, args.no_think_users, args.seconds, prefix, no_think=True)
            report(f"game page alone, {args.no_think_users} users, no think time", prefix, load)
        if args.wrk:
            run_wrk(env["LOAD_HOST"], players, args.wrk, args.seconds, folder)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
