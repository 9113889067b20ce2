"""A deadline's nine knowledge records bulk-inserted as VALUES rows (ours)
against Django's UNNEST arrays, CPU per insert.

    .venv/bin/python bench/json_insert.py [--repeats 40]

Needs PostgreSQL (DATABASE_URL, default the burst bench's database, whose
seeded games give real records). Each insert runs in a transaction rolled
back at once; the figure is this process's CPU time, not the server's.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fogdip.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/fogdip_bench_burst")
os.environ.setdefault("SECRET_KEY", "json-insert-bench-" + "x" * 40)
os.environ.setdefault("EMAIL_BACKEND", "memory")


def cpu_ms_per_insert(rows: list, repeats: int) -> float:
    from django.db import transaction

    from games.models import KnowledgeRecord

    started = time.process_time()
    for _ in range(repeats):
        with transaction.atomic():
            KnowledgeRecord.objects.bulk_create(
                KnowledgeRecord(
                    game_id=r.game_id, phase_id=r.phase_id, ordinal=r.ordinal + 10_000,
                    power=r.power, data=r.data,
                )
                for r in rows
            )  # fmt: skip
            transaction.set_rollback(True)
    return 1000 * (time.process_time() - started) / repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=40)
    repeats = parser.parse_args().repeats
    import django

    django.setup()
    from common.fields import RowInsertedJSONField
    from games.models import KnowledgeRecord

    latest = KnowledgeRecord.objects.order_by("-ordinal", "game_id").first()
    if latest is None:
        raise SystemExit("no records: run bench/deadline_burst.py first")
    rows = list(KnowledgeRecord.objects.filter(game_id=latest.game_id, ordinal=latest.ordinal))
    size = sum(len(str(row.data)) for row in rows)
    print(f"{len(rows)} records, {size} characters of JSON")
    cpu_ms_per_insert(rows, 5)  # warm up
    print(f"  VALUES rows (ours): {cpu_ms_per_insert(rows, repeats):6.1f} ms of CPU per insert")
    hook = RowInsertedJSONField.get_placeholder
    del RowInsertedJSONField.get_placeholder  # Django's own choice: UNNEST
    try:
        print(f"  UNNEST arrays:      {cpu_ms_per_insert(rows, repeats):6.1f} ms of CPU per insert")
    finally:
        RowInsertedJSONField.get_placeholder = hook  # type: ignore[method-assign]


if __name__ == "__main__":
    main()
