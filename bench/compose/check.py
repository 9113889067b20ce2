"""Run inside the compose stack's web container by bench/compose/scale.sh:
seed GAMES games, let their start emails go, make every game due at once,
wait for every results email, and check that nothing happened twice. The
results emails' Message-IDs go to /tmp/ids.txt, for the script to find in
the workers' written mail."""

import os
import time

from django.db.models import Count
from bench.burst.seed import seed_games, make_due
from games.mail.models import OutboxMessage
from games.models import LogEntry, Phase

ids = seed_games(int(os.environ.get("GAMES", "200")))
while OutboxMessage.objects.filter(game_id__in=ids).exclude(status="sent").exists():
    time.sleep(1)
due = make_due(ids)
rows = OutboxMessage.objects.filter(game_id__in=ids, kind="results")
started = time.monotonic()
while rows.filter(status="sent").count() < 7 * len(ids):
    time.sleep(0.5)
print(f"{len(ids)} games due at once: every results email sent {time.monotonic() - started:.1f} s later")
name = Phase.objects.filter(game_id=ids[0], ordinal=1).get().name
per = LogEntry.objects.filter(game_id__in=ids, action="adjudicated", detail=name).values("game_id").annotate(n=Count("id"))
print("adjudicated once:", sum(1 for p in per if p["n"] == 1), "more than once:", sum(1 for p in per if p["n"] > 1))
print("results rows:", rows.count(), "sent:", rows.filter(status="sent").count())
open("/tmp/ids.txt", "w").write("\n".join(r.message_id_header for r in rows))
