"""A prepared query (common.prepared) gives what its queryset gives: the same
rows, the same field values after Django's converters (JSON, aware times),
the same select_related objects and annotations, one SQL statement a call,
and it refuses, naming the parameter, what it cannot run faithfully."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Case, Count, Min, QuerySet, When
from django.test.utils import CaptureQueriesContext

from common.prepared import first_of, last_of, prepared
from games.models import Game, KnowledgeRecord, Seat
from games.tests.web.conftest import Personas, forming_game
from games.votes.models import Proposal

pytestmark = pytest.mark.django_db


def fields(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


@prepared
def seats_in(game_id: int, power: str) -> QuerySet[Seat]:
    return Seat.objects.select_related("user", "game").filter(game_id=game_id, power=power)


@pytest.fixture
def games() -> list[Game]:
    people = Personas()
    made = []
    for number in range(3):
        game = forming_game(people, name=f"prepared-{number}")
        KnowledgeRecord.objects.create(game=game, ordinal=0, power="FRANCE", data={"n": number})
        made.append(game)
    return made


def test_it_gives_the_rows_and_related_objects_the_queryset_gives(games):
    for game in games:
        for power in ["FRANCE", "GERMANY", "ITALY"]:
            queryset = Seat.objects.select_related("user", "game").filter(game=game, power=power)
            expected, got = list(queryset), seats_in(game_id=game.pk, power=power)
            assert [fields(s) for s in got] == [fields(s) for s in expected]
            assert [fields(s.user) for s in got] == [fields(s.user) for s in expected]
            assert [fields(s.game) for s in got] == [fields(s.game) for s in expected]
            assert all(s._state.db == "default" and not s._state.adding for s in got)


@prepared
def latest_record(game_id: int, power: str) -> QuerySet[KnowledgeRecord]:
    return last_of(KnowledgeRecord.objects.filter(game_id=game_id, power=power).order_by("ordinal"))


def test_it_converts_values_as_the_queryset_does(games):
    record = latest_record.first(game_id=games[1].pk, power="FRANCE")
    assert record is not None and record.data == {"n": 1}
    assert fields(record) == fields(KnowledgeRecord.objects.get(pk=record.pk))
    assert latest_record.first(game_id=games[1].pk, power="") is None


@prepared
def open_first(game_id: int) -> QuerySet[Proposal]:
    closed = Case(When(status=Proposal.Status.OPEN, then=0), default=1)
    return Proposal.objects.filter(game_id=game_id).annotate(closed=closed).order_by("closed")


def test_it_sets_annotations(games):
    game = games[0]
    Proposal.objects.create(game=game, kind=Proposal.Kind.DRAW, proposed_by="FRANCE",
                            status=Proposal.Status.FAILED)  # fmt: skip
    Proposal.objects.create(game=game, kind=Proposal.Kind.DRAW, proposed_by="GERMANY")
    rows = open_first(game_id=game.pk)
    assert [(row.status, row.closed) for row in rows] == [("open", 0), ("failed", 1)]
    assert [fields(row) for row in rows] == [fields(Proposal.objects.get(pk=r.pk)) for r in rows]
    assert all(row.created.tzinfo is not None for row in rows)  # an aware time, converted


def test_it_compiles_once_and_sends_one_statement_a_call(games):
    calls = []

    @prepared
    def counted(game_id: int) -> QuerySet[Game]:
        calls.append(game_id)
        return first_of(Game.objects.filter(pk=game_id))

    with CaptureQueriesContext(connection) as queries:
        names = [counted.first(game_id=game.pk).name for game in games]
    assert names == [game.name for game in games]
    assert len(queries.captured_queries) == 3
    assert len(calls) == 2  # once to learn the model, once to compile; never again


def test_it_refuses_a_value_of_the_wrong_kind(games):
    with pytest.raises(TypeError, match="game_id must be int, not str"):
        seats_in(game_id=str(games[0].pk), power="FRANCE")
    with pytest.raises(TypeError, match="power must be str, not NoneType"):
        seats_in(game_id=games[0].pk, power=None)
    with pytest.raises(TypeError, match=r"seats_in: no parameter \['powr'\]"):
        seats_in(game_id=games[0].pk, powr="FRANCE")


def test_it_refuses_a_lookup_that_rewrites_its_value(games):
    @prepared
    def named_like(name: str) -> QuerySet[Game]:
        return Game.objects.filter(name__icontains=name)

    with pytest.raises(ValueError, match="named_like: name did not reach the SQL as given"):
        named_like(name="prepared")


def test_it_refuses_what_one_select_cannot_give(games):
    @prepared
    def with_seats(game_id: int) -> QuerySet[Game]:
        return Game.objects.filter(pk=game_id).prefetch_related("seats")

    with pytest.raises(ValueError, match="with_seats: cannot prepare a queryset with prefetch"):
        with_seats(game_id=games[0].pk)


def test_it_refuses_an_unannotated_parameter():
    with pytest.raises(TypeError, match="pk must be annotated int, str or datetime"):

        @prepared
        def untyped(pk) -> QuerySet[User]:
            return User.objects.filter(pk=pk)


@prepared
def created_between(after: datetime, until: datetime) -> QuerySet[Game]:
    return Game.objects.filter(created__gt=after, created__lte=until).order_by("pk")


def test_it_compares_aware_times_as_the_queryset_does(games):
    created = sorted(game.created for game in games)
    zones = [UTC, ZoneInfo("America/New_York"), ZoneInfo("Asia/Kolkata")]
    for zone in zones:
        for after in [created[0] - timedelta(seconds=1), created[0], created[1]]:
            after, until = after.astimezone(zone), created[-1].astimezone(zone)
            expected = Game.objects.filter(created__gt=after, created__lte=until).order_by("pk")
            got = created_between(after=after, until=until)
            assert [fields(game) for game in got] == [fields(game) for game in expected]
    assert created_between(after=created[-1], until=created[-1] + timedelta(days=1)) == []


def test_it_leaves_a_naive_time_to_django(games):
    naive = datetime(2000, 1, 1)
    with pytest.warns(RuntimeWarning, match="naive datetime"):
        got = created_between(after=naive, until=games[-1].created)
    assert [game.pk for game in got] == sorted(game.pk for game in games)


@prepared
def seats_by_power(game_id: int) -> QuerySet[Seat, tuple[str, int, datetime | None]]:
    rows = Seat.objects.filter(game_id=game_id).values("power")
    counted = rows.annotate(players=Count("user"), first=Min("joined"))
    return counted.values_list("power", "players", "first")


def test_it_gives_the_tuples_a_values_list_gives(games):
    for game in games:
        rows = Seat.objects.filter(game=game).values("power")
        counted = rows.annotate(players=Count("user"), first=Min("joined"))
        expected = list(counted.values_list("power", "players", "first"))
        assert seats_by_power(game_id=game.pk) == expected
        assert all(first.tzinfo is not None for _, _, first in expected)


def test_it_refuses_values_it_would_give_otherwise(games):
    @prepared
    def as_dicts(game_id: int) -> QuerySet[Seat, Any]:
        return Seat.objects.filter(game_id=game_id).values("power")

    @prepared
    def reordered(game_id: int) -> QuerySet[Seat, tuple[int, str]]:
        rows = Seat.objects.filter(game_id=game_id).values("power").annotate(n=Count("user"))
        return rows.values_list("n", "power")

    with pytest.raises(ValueError, match=r"as_dicts: cannot prepare a queryset with values\(\)"):
        as_dicts(game_id=games[0].pk)
    with pytest.raises(ValueError, match=r"reordered: cannot prepare .* out of the order"):
        reordered(game_id=games[0].pk)
