"""Waiting for a burst to finish, and what it must have kept: every game
adjudicated once, every results email written once."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.db.models import Count, Max, Min

from games.models import LogEntry, Phase
from postoffice.models import OutboxMessage

RESULTS = OutboxMessage.Kind.RESULTS
SENT = OutboxMessage.Status.SENT


def results_rows(game_ids: list[int]):
    return OutboxMessage.objects.filter(kind=RESULTS, game_id__in=game_ids)


def wait_for_results(game_ids: list[int], expected: int, timeout: float) -> int:
    """Until every expected results email is sent, or ``timeout`` seconds pass;
    prints progress every ten seconds. The number sent."""
    deadline = time.monotonic() + timeout
    shown = time.monotonic()
    sent = 0
    while time.monotonic() < deadline:
        sent = results_rows(game_ids).filter(status=SENT).count()
        if sent >= expected:
            break
        if time.monotonic() - shown >= 10:
            print(f"    ... {sent}/{expected} sent", flush=True)
            shown = time.monotonic()
        time.sleep(0.5)
    return sent


@dataclass(frozen=True)
class Timeline:
    due: datetime
    first_claim: datetime
    last_adjudicated: datetime
    last_sent: datetime

    def seconds(self, moment: datetime) -> float:
        return (moment - self.due).total_seconds()


def timeline(game_ids: list[int], due: datetime, ordinal: int = 1) -> Timeline:
    phases = Phase.objects.filter(game_id__in=game_ids, ordinal=ordinal)
    times = phases.aggregate(first=Min("claimed"), last=Max("adjudicated"))
    last_sent = results_rows(game_ids).aggregate(last=Max("sent"))["last"]
    return Timeline(due, times["first"], times["last"], last_sent)


@dataclass(frozen=True)
class Kept:
    """What the burst promised, counted."""

    games: int
    adjudicated_once: int
    adjudicated_twice: int
    rows: int
    rows_sent: int
    messages_written: int
    written_twice: int
    rows_never_written: int

    @property
    def every_promise(self) -> bool:
        return (
            self.adjudicated_once == self.games
            and self.adjudicated_twice == 0
            and self.rows == self.rows_sent == self.messages_written
            and self.written_twice == 0
            and self.rows_never_written == 0
        )


def written_message_ids(mail: Path) -> Counter[str]:
    """Message-IDs of every message the file backend wrote (one header each)."""
    found: Counter[str] = Counter()
    for path in mail.glob("*.log"):
        with path.open(encoding="utf-8", errors="replace") as lines:
            found.update(
                line.split(":", 1)[1].strip() for line in lines if line.startswith("Message-ID:")
            )
    return found


def kept(game_ids: list[int], mail: Path, phase_name: str) -> Kept:
    logged = LogEntry.objects.filter(game_id__in=game_ids, action="adjudicated", detail=phase_name)
    per_game = Counter(dict(logged.values_list("game_id").annotate(n=Count("id"))))
    rows = list(results_rows(game_ids))
    written = written_message_ids(mail)
    headers = {row.message_id_header for row in rows}
    return Kept(
        games=len(game_ids),
        adjudicated_once=sum(1 for n in per_game.values() if n == 1),
        adjudicated_twice=sum(1 for n in per_game.values() if n > 1),
        rows=len(rows),
        rows_sent=sum(1 for row in rows if row.status == SENT),
        messages_written=sum(written[header] for header in headers),
        written_twice=sum(1 for header in headers if written[header] > 1),
        rows_never_written=sum(1 for header in headers if written[header] == 0),
    )
