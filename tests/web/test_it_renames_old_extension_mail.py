"""Migration 0012 turns the rows of the old `extension` kind into `deadline`
rows exactly as queuing writes them now, and its reverse turns them back."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.apps import apps

from games import actions
from games.mail.models import OutboxMessage
from games.models import Game, Phase
from tests.web.conftest import Personas

migration = import_module("games.migrations.0012_outbox_one_deadline_kind")


def rows(game: Game) -> list[tuple[str, str, dict[str, Any]]]:
    outbox = OutboxMessage.objects.filter(game=game, kind__in=["deadline", "extension"])
    return list(outbox.order_by("power").values_list("kind", "key", "context"))


def test_old_extension_rows_become_newcomer_deadline_rows(people: Personas, game: Game) -> None:
    actions.open_seat(game, people.gm, "GERMANY")
    actions.take_seat(game, people.stranger, "GERMANY")
    queued = rows(game)
    phase = game.phases.get(status=Phase.Status.OPEN).pk
    migration.to_extension(apps, None)
    old = rows(game)
    assert [(kind, key) for kind, key, _ in old] == [
        ("extension", f"extension:{phase}:FRANCE"),
        ("extension", f"extension:{phase}:GERMANY"),
    ]
    assert all("cause" not in context for _, _, context in old)
    migration.to_deadline(apps, None)
    assert rows(game) == queued
    assert [key for _, key, _ in queued] == [
        f"deadline:{phase}:newcomer:FRANCE",
        f"deadline:{phase}:newcomer:GERMANY",
    ]
