"""Querysets compiled to SQL once and run many times with new values.

Turning a queryset into SQL is most of what a small query costs Django:
on the game page, each of its nine queries spent about three times as long
being built and compiled by the ORM as being sent and read back (profiled in
docs/performance-history.md, "Queries compiled once"). A page, an email or a
send task asks the same few questions every time with different numbers, so
the hot ones are written as a function from values to a queryset and
decorated:

    @prepared
    def seats_of(game_id: int, user_id: int) -> QuerySet[Seat]:
        return Seat.objects.filter(game_id=game_id, user_id=user_id)

    seats_of(game_id=3, user_id=7)   # a list of Seat, as list(queryset)

The first call on a database compiles the queryset with stand-in values,
finds where each stand-in landed among the SQL's parameters, and keeps the
SQL; every later call puts the real values in those places, runs the SQL and
builds model instances (with their select_related objects) through Django's
own compiler, converters and populators, so what comes back is what the
queryset would have given. A values_list() queryset (neither flat nor named,
its columns named in the order Django selects them) gives its tuples: for
counts and latest times by group.

Only what cannot change the SQL's shape may be a parameter: ints, strings
and aware datetimes compared as given (not None, not a list for __in, not a
pattern for contains, which Django rewrites). A datetime is sent as Django
sends a DateTimeField's value to that database (a UTC string to SQLite); a
naive one runs its queryset through Django, which warns. A lookup that
rewrites the stand-in fails on the first call, naming the parameter. We keep our own because the one
library that does this (django-prepared-queries) was last released for
Django 1.x.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, ParamSpec, TypeVar

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.query import (  # type: ignore[attr-defined]
    ValuesListIterable,
    get_related_populators,
)
from django.db.models.sql.compiler import SQLCompiler
from django.utils import timezone

M = TypeVar("M", bound=Model)
R = TypeVar("R")  # what a row gives: a model's instance, or a values_list() tuple
P = ParamSpec("P")

# Values no real row holds, recognisable among the compiled parameters. The
# int is inside a 32-bit column's range: Django compiles a comparison with a
# value outside its field's range to no SQL at all.
_INT_STAND_IN = 2_147_400_000
_STR_STAND_IN = "\x1fprepared-parameter-{}\x1f"
_DATETIME_STAND_IN = datetime(2999, 9, 9, 9, 9, 9, tzinfo=UTC)  # + n microseconds
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


@dataclass(frozen=True)
class Parameter:
    name: str
    kind: type
    stand_in: Any


@dataclass(frozen=True)
class Compiled:
    """One queryset's SQL on one database, and how to read its rows."""

    sql: str
    params: tuple[Any, ...]
    slots: dict[int, str]  # position among params -> parameter name
    compiler: SQLCompiler
    init_list: list[str]
    model_slice: slice | None  # None: a values_list() queryset's rows, as tuples
    converters: dict[int, Any]  # Django's converters by column, found once
    populators: list[Any]  # Django's builders of the select_related objects

    def run(self, alias: str, values: dict[str, Any]) -> list[Any]:
        sent = {name: db_value(alias, value) for name, value in values.items()}
        params = [sent[self.slots[i]] if i in self.slots else p for i, p in enumerate(self.params)]
        with connections[alias].cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        return self.instances(alias, rows)

    def instances(self, alias: str, rows: list[Sequence[Any]]) -> list[Any]:
        compiler = self.compiler
        if self.converters:
            rows = list(compiler.apply_converters(rows, self.converters))
        if self.model_slice is None:
            return [tuple(row[: compiler.col_count]) for row in rows]
        klass_info = compiler.klass_info
        assert klass_info is not None
        model = klass_info["model"]
        objects = []
        for row in rows:
            obj = model.from_db(alias, self.init_list, row[self.model_slice])
            for populator in self.populators:
                populator.populate(row, obj)
            for name, position in (compiler.annotation_col_map or {}).items():
                setattr(obj, name, row[position])
            objects.append(obj)
        return objects


def out_of_range(value: Any) -> bool:
    """An int no 32-bit column holds, or a naive datetime (which Django makes
    aware, with a warning): the compiled SQL may not be given it."""
    if isinstance(value, datetime):
        return timezone.is_naive(value)
    return isinstance(value, int) and not INT32_MIN <= value <= INT32_MAX


def db_value(alias: str, value: Any) -> Any:
    """A value as Django sends it to the database: a datetime as a DateTimeField's."""
    if isinstance(value, datetime):
        return connections[alias].ops.adapt_datetimefield_value(value)
    return value


class PreparedQuery(Generic[P, R]):
    """A function from values to a queryset, run from SQL compiled once per database."""

    def __init__(self, build: Callable[P, QuerySet[Any, R]]) -> None:
        self.build = build
        self.parameters = parameters_of(build)
        self.compiled: dict[tuple[str, str], Compiled] = {}
        self.model: type[Model] | None = None
        functools.update_wrapper(self, build)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        values = self.values(args, kwargs)
        if any(out_of_range(value) for value in values.values()):
            # Django compiles a comparison with a value beyond its column's range to
            # no SQL at all (no rows, or the rows a wider column holds); sent as a
            # parameter, the database would refuse it. Rare: hostile input only.
            # A naive datetime: Django warns and reads it in the default zone.
            return list(self.build(**values))  # type: ignore[call-arg]
        alias = self.alias()
        key = (alias, connections[alias].vendor)
        compiled = self.compiled.get(key)
        if compiled is None:
            compiled = self.compiled[key] = compile_query(self.build, self.parameters, alias)
        return compiled.run(alias, values)

    def first(self, *args: P.args, **kwargs: P.kwargs) -> R | None:
        """The first row's instance, or None: for a queryset sliced with first_of."""
        rows = self(*args, **kwargs)
        return rows[0] if rows else None

    def values(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        names = [p.name for p in self.parameters]
        named = dict(zip(names, args, strict=False)) | kwargs
        unknown = sorted(set(named) - set(names))
        if unknown or len(args) > len(names):
            raise TypeError(
                f"{self.build.__qualname__}: no parameter {unknown or args[len(names) :]}"
            )
        for parameter in self.parameters:
            value = named.get(parameter.name)
            if type(value) is not parameter.kind:
                raise TypeError(
                    f"{self.build.__qualname__}: {parameter.name} must be "
                    f"{parameter.kind.__name__}, not {type(value).__name__}"
                )
        return named

    def alias(self) -> str:
        """Where the router sends reads of this model, as a queryset's reads go."""
        if self.model is None:
            build: Callable[..., QuerySet[Any, R]] = self.build
            self.model = build(**stand_ins(self.parameters)).model
        return router.db_for_read(self.model) or "default"


def first_of(queryset: QuerySet[M]) -> QuerySet[M]:
    """The queryset QuerySet.first() would run, unrun."""
    return (queryset if queryset.ordered else queryset.order_by("pk"))[:1]


def last_of(queryset: QuerySet[M]) -> QuerySet[M]:
    """The queryset QuerySet.last() would run, unrun."""
    return (queryset.reverse() if queryset.ordered else queryset.order_by("-pk"))[:1]


def prepared(build: Callable[P, QuerySet[Any, R]]) -> PreparedQuery[P, R]:
    """Decorate a function from int, str and datetime values to a queryset: see
    the module's doc."""
    return PreparedQuery(build)


def parameters_of(build: Callable[..., Any]) -> list[Parameter]:
    hints = typing.get_type_hints(build)
    counter = itertools.count()
    parameters = []
    for name in inspect.signature(build).parameters:
        kind = hints.get(name)
        if kind is int:
            stand_in: Any = _INT_STAND_IN + next(counter)
        elif kind is str:
            stand_in = _STR_STAND_IN.format(next(counter))
        elif kind is datetime:
            stand_in = _DATETIME_STAND_IN.replace(microsecond=1 + next(counter))
        else:
            raise TypeError(f"{build.__qualname__}: {name} must be annotated int, str or datetime")
        parameters.append(Parameter(name, kind, stand_in))
    return parameters


def stand_ins(parameters: list[Parameter]) -> dict[str, Any]:
    return {p.name: p.stand_in for p in parameters}


def compile_query(
    build: Callable[..., QuerySet[Any, Any]], parameters: list[Parameter], alias: str
) -> Compiled:
    queryset = build(**stand_ins(parameters))
    refuse_unpreparable(build, queryset)
    compiler = queryset.query.get_compiler(using=alias)
    try:
        sql, params = compiler.as_sql()
    except (EmptyResultSet, FullResultSet) as error:
        raise ValueError(
            f"{build.__qualname__}: a stand-in value compiled to no condition "
            "(a field whose range cannot hold it cannot be a parameter)"
        ) from error
    slots = {
        i: p.name
        for p in parameters
        for i, value in enumerate(params)
        if value == db_value(alias, p.stand_in)
    }
    missing = {p.name for p in parameters} - set(slots.values())
    if missing:
        raise ValueError(
            f"{build.__qualname__}: {', '.join(sorted(missing))} did not reach the SQL as given "
            "(a lookup that rewrites its value cannot be prepared)"
        )
    columns = [column[0] for column in compiler.select[: compiler.col_count]]
    if compiler.has_composite_fields(columns):
        raise ValueError(f"{build.__qualname__}: cannot prepare a composite primary key")
    converters = compiler.get_converters(columns)
    if queryset._iterable_class is ValuesListIterable:
        # The columns as selected, in the order named (refuse_unpreparable).
        return Compiled(sql, tuple(params), slots, compiler, [], None, converters, [])
    klass_info = compiler.klass_info
    assert klass_info is not None
    fields = klass_info["select_fields"]
    model_slice = slice(fields[0], fields[-1] + 1)
    init_list = [column[0].target.attname for column in compiler.select[model_slice]]
    populators = get_related_populators(klass_info, compiler.select, alias)
    return Compiled(
        sql, tuple(params), slots, compiler, init_list, model_slice, converters, populators
    )


def refuse_unpreparable(build: Callable[..., Any], queryset: QuerySet[Any, Any]) -> None:
    """What a list of instances (or of values_list() tuples) from one SELECT cannot honour."""
    iterable = queryset._iterable_class.__name__
    reasons = {
        "prefetch_related": bool(queryset._prefetch_related_lookups),  # type: ignore[attr-defined]
        "select_for_update": queryset.query.select_for_update,
        "values() or a flat or named values_list()": iterable
        not in ("ModelIterable", "ValuesListIterable"),
        "values_list() naming columns out of the order selected": iterable == "ValuesListIterable"
        and not named_in_order(queryset),
        "known related objects": bool(queryset._known_related_objects),  # type: ignore[attr-defined]
        "extra()": bool(queryset.query.extra_select),
    }
    refused = [reason for reason, present in reasons.items() if present]
    if refused:
        raise ValueError(
            f"{build.__qualname__}: cannot prepare a queryset with {', '.join(refused)}"
        )


def named_in_order(queryset: QuerySet[Any, Any]) -> bool:
    """values_list() gives the columns as selected (Django's ValuesListIterable
    reorders them otherwise: fields, then annotations, each as named)."""
    query = queryset.query
    fields = queryset._fields  # type: ignore[attr-defined]
    selected = [*query.values_select, *query.annotation_select]
    named = [*fields, *(name for name in query.annotation_select if name not in fields)]
    return not fields or named == selected
