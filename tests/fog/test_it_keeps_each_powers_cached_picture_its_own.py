"""Every kept picture is keyed by the very record it was drawn from.

A deadline draws its seven email pictures together (a board shared where
powers know the same) and stores each under the hash of its record, width
and title. Under fog two powers know different things: their pictures must
differ, each must be what its own record alone draws, and neither may be
found under the other's name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.files.storage import default_storage

from fogdip.celery import app as celery_app
from games import maps_adapter
from games.emails.pictures import map_png
from games.models import Game, KnowledgeRecord
from maps.render import EMAIL_LEVEL, EMAIL_WIDTH, render_png
from tests.operations.played import play
from tests.perf.long_game import seated_game

PAIR = ("ENGLAND", "TURKEY")  # far apart: under dc2005 neither sees the other's home


@pytest.fixture(autouse=True)
def fresh_media(settings, tmp_path) -> Iterator[None]:
    """Pictures kept under a fresh media root; the deadline adjudicated in
    place, as a worker would."""
    settings.MEDIA_ROOT = str(tmp_path)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def records_after_spring(preset: str) -> tuple[Game, dict[str, dict[str, Any]]]:
    game = seated_game(f"cached-{preset}", preset=preset)
    play(game, 1)
    rows = KnowledgeRecord.objects.filter(game=game, power__in=PAIR, phase__isnull=False)
    return game, {row.power: row.data for row in rows}


def drawn_alone(record: dict[str, Any], game: Game) -> bytes:
    title = maps_adapter.map_title(game.name, record)
    return render_png(record, title, width=EMAIL_WIDTH, level=EMAIL_LEVEL)


@pytest.mark.django_db
def test_two_powers_cached_pictures_differ_where_their_knowledge_does():
    game, records = records_after_spring("dc2005")
    assert records["ENGLAND"]["sees"] != records["TURKEY"]["sees"]
    with maps_adapter.drawn_together():
        together = {power: map_png(records[power], game.name) for power in PAIR}
    assert together["ENGLAND"] != together["TURKEY"]
    for power in PAIR:
        assert together[power] == drawn_alone(records[power], game)
        assert map_png(records[power], game.name) == together[power]  # read back, not drawn


@pytest.mark.django_db
def test_no_power_finds_its_picture_under_anothers_name():
    game, records = records_after_spring("dc2005")
    names = {
        power: maps_adapter.picture_name(
            records[power], maps_adapter.map_title(game.name, records[power]), EMAIL_WIDTH
        )
        for power in PAIR
    }
    assert names["ENGLAND"] != names["TURKEY"]
    map_png(records["ENGLAND"], game.name)
    assert default_storage.exists(names["ENGLAND"])
    assert not default_storage.exists(names["TURKEY"])  # Turkey's is drawn for Turkey


@pytest.mark.django_db
def test_the_email_picture_and_the_pages_are_kept_apart():
    game, records = records_after_spring("dc2005")
    email = map_png(records["ENGLAND"], game.name)
    page = maps_adapter.record_png(records["ENGLAND"], game.name)
    assert email != page and len(email) < len(page)


@pytest.mark.django_db
def test_the_pages_picture_without_its_legend_is_each_powers_own():
    game, records = records_after_spring("dc2005")
    plain = {power: maps_adapter.page_png(records[power], game.name) for power in PAIR}
    assert plain["ENGLAND"] != plain["TURKEY"]
    for power in PAIR:
        title = maps_adapter.map_title(game.name, records[power])
        alone = render_png(records[power], title, legend=False)
        assert plain[power] == alone
        assert plain[power] != maps_adapter.record_png(records[power], game.name)
        name = maps_adapter.picture_name(records[power], title, legend=False)
        with default_storage.open(name, "rb") as kept:
            assert kept.read() == alone  # kept under its own record's name
