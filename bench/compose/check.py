"""Run inside the compose stack's web container by bench/compose/scale.sh:
seed GAMES games, let their start emails go, make every game due at once,
wait for every results email, and check that nothing happened twice. The
results emails' Message-IDs go to /tmp/ids.txt, for the script to find in
the workers' written mail."""

import os
import time
from pathlib import Path

from django.db.models import Count

from bench.burst.seed import make_due, seed_games
from games.models import LogEntry, Phase
from postoffice.models import OutboxMessage


def check(count: int) -> None:
    ids = seed_games(count)
    while OutboxMessage.objects.filter(game_id__in=ids).exclude(status="sent").exists():
        time.sleep(1)
    make_due(ids)
    rows = OutboxMessage.objects.filter(game_id__in=ids, kind="results")
    started = time.monotonic()
    while rows.filter(status="sent").count() < 7 * len(ids):
        time.sleep(0.5)
    waited = time.monotonic() - started
    print(f"{len(ids)} games due at once: every results email sent {waited:.1f} s later")
    name = Phase.objects.filter(game_id=ids[0], ordinal=1).get().name
    logged = LogEntry.objects.filter(game_id__in=ids, action="adjudicated", detail=name)
    per_game = [row["n"] for row in logged.values("game_id").annotate(n=Count("id"))]
    once, more = sum(n == 1 for n in per_game), sum(n > 1 for n in per_game)
    print(f"adjudicated once: {once}; more than once: {more}")
    print(f"results rows: {rows.count()}; sent: {rows.filter(status='sent').count()}")
    Path("/tmp/ids.txt").write_text("\n".join(row.message_id_header for row in rows))


check(int(os.environ.get("GAMES", "200")))
