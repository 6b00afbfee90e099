"""Queries the ORM compiles once per database connection and then only runs.

Compiling a query costs Django more than running it: on the requests a table makes many times a
minute (session, user, membership, a move) the ORM spent ten times longer building its five to
ten queries than the database spent answering them. A ``Prepared`` query is written with the
ORM as usual, with placeholder values where the arguments go; its SQL, its parameters' order,
its converters and its model loaders are computed at the first call on a connection and reused.

Writes get the same treatment: ``update_fields`` is ``save(update_fields=...)`` with its
statement built once per connection.

Only for hot paths: the queries stay plain ORM everywhere else.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators

M = TypeVar("M", bound=Model)


def placeholder_ids(count: int) -> tuple[int, ...]:
    """Ids to build a query with: positive (a positive field's lookup with a negative value
    compiles to nothing) and in any integer column's range."""
    return tuple(2_000_000_001 + i for i in range(count))


def placeholder_index(placeholders: Sequence[object], value: object) -> int | None:
    """Which placeholder a compiled parameter is; the backend may have wrapped it in a subclass of
    its type (psycopg's ``Int4`` for an ``int``)."""
    for index, placeholder in enumerate(placeholders):
        if isinstance(value, type(placeholder)) and value == placeholder:
            return index
    return None


class Compiled:
    """One query's SQL on one connection, with what turns its rows into values or models."""

    def __init__(self, queryset: QuerySet[Any], placeholders: Sequence[object], alias: str) -> None:
        compiler = queryset.query.get_compiler(alias)
        self.sql, params = compiler.as_sql()
        # Each parameter is an argument (the index of its placeholder) or a constant of the query.
        self.params: list[tuple[int | None, object]] = [
            (placeholder_index(placeholders, value), value) for value in params
        ]
        # An argument goes to the database wrapped as its placeholder came out (``Int4(...)``).
        self.wrappers = [
            type(value)
            if index is not None and type(value) is not type(placeholders[index])
            else None
            for index, value in self.params
        ]
        # The common case: the arguments are the parameters, in order, unwrapped.
        self.as_given = [index for index, _ in self.params] == list(range(len(placeholders))) and (
            not any(self.wrappers)
        )
        if {index for index, _ in self.params} - {None} != set(range(len(placeholders))):
            raise ValueError(f"Not every placeholder reached the SQL: {self.sql} {params}")
        select = compiler.select
        self.converters = compiler.get_converters([column for column, _, _ in select])
        klass_info = compiler.klass_info
        self.loader: tuple[type[Model], list[str], int, int] | None = None
        self.related: list[Any] = []
        self.annotations = dict(compiler.annotation_col_map or {})
        if klass_info and queryset._iterable_class.__name__ == "ModelIterable":
            fields = klass_info["select_fields"]
            start, end = fields[0], fields[-1] + 1
            names = [column[0].target.attname for column in select[start:end]]
            self.loader = (klass_info["model"], names, start, end)
            self.related = get_related_populators(klass_info, select, alias)

    def arguments(self, args: Sequence[object]) -> Sequence[object]:
        if self.as_given:
            return args
        values = [value if index is None else args[index] for index, value in self.params]
        return [
            v if wrap is None else wrap(v) for v, wrap in zip(values, self.wrappers, strict=True)
        ]

    def convert(self, rows: list[tuple[Any, ...]], connection: BaseDatabaseWrapper) -> list[Any]:
        if not self.converters:
            return rows
        converted = []
        for row in rows:
            values = list(row)
            for position, (functions, expression) in self.converters.items():
                value = values[position]
                for function in functions:
                    value = function(value, expression, connection)
                values[position] = value
            converted.append(values)
        return converted

    def load(self, row: Sequence[Any], alias: str) -> Model:
        assert self.loader is not None
        model, names, start, end = self.loader
        obj = model.from_db(alias, names, row[start:end])
        for populator in self.related:
            populator.populate(row, obj)
        for name, position in self.annotations.items():
            setattr(obj, name, row[position])
        return obj


class Prepared(Generic[M]):
    """``build(*placeholders)`` returns the queryset; calls pass the real values in their place.

    Placeholders must be distinct and of the arguments' types (``placeholder_ids`` for ids): each
    one has to come out of the compiler unchanged, which ``Compiled`` checks. Arguments must not be
    ``None`` (SQL would need ``IS NULL`` there). A queryset with ``select_for_update`` compiles
    inside the transaction of its first call, like the ORM's own.
    """

    def __init__(self, build: Callable[..., QuerySet[M]], *placeholders: object) -> None:
        self.build = build
        self.placeholders = placeholders
        self.compiled: weakref.WeakKeyDictionary[BaseDatabaseWrapper, Compiled] = (
            weakref.WeakKeyDictionary()
        )
        self.model = build(*placeholders).model

    def execute(
        self, args: Sequence[object], *, write: bool = False
    ) -> tuple[Compiled, list[Any], str]:
        if len(args) != len(self.placeholders):
            raise TypeError(f"{len(self.placeholders)} arguments expected, {len(args)} given")
        alias = (router.db_for_write if write else router.db_for_read)(self.model)
        connection = connections[alias]
        compiled = self.compiled.get(connection)
        if compiled is None:
            compiled = Compiled(self.build(*self.placeholders), self.placeholders, alias)
            self.compiled[connection] = compiled
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, compiled.arguments(args))
            rows = cursor.fetchall()
        return compiled, compiled.convert(rows, connection), alias

    def rows(self, *args: object) -> list[Any]:
        """The rows of a ``values_list`` queryset, converted as the ORM would."""
        return self.execute(args)[1]

    def objects(self, *args: object, write: bool = False) -> list[M]:
        """Model instances, with ``select_related`` objects and annotations, as the ORM loads
        them; ``write`` reads from the database writes go to (for a locking query)."""
        compiled, rows, alias = self.execute(args, write=write)
        return [compiled.load(row, alias) for row in rows]  # type: ignore[misc]

    def first(self, *args: object, write: bool = False) -> M | None:
        found = self.objects(*args, write=write)
        return found[0] if found else None


UpdateKey = tuple[type[Model], tuple[str, ...]]
UPDATES: weakref.WeakKeyDictionary[BaseDatabaseWrapper, dict[UpdateKey, str]] = (
    weakref.WeakKeyDictionary()
)


def update_fields(instance: Model, fields: Sequence[str]) -> None:
    """``instance.save(update_fields=fields)`` for a plain row (no signals, no inheritance),
    with the statement built once per connection; ``auto_now`` fields take the time as in save."""
    model = instance._meta.model  # not type(): request.user is a lazy proxy
    alias = router.db_for_write(model, instance=instance)
    connection = connections[alias]
    chosen = [model._meta.get_field(name) for name in fields]
    statements = UPDATES.setdefault(connection, {})
    key = (model, tuple(fields))
    if key not in statements:
        quote = connection.ops.quote_name
        columns = ", ".join(f"{quote(field.column)} = %s" for field in chosen)  # type: ignore[union-attr]
        pk = model._meta.pk
        assert pk is not None
        table, where = quote(model._meta.db_table), f"{quote(pk.column)} = %s"
        statements[key] = f"UPDATE {table} SET {columns} WHERE {where}"
    values = [
        field.get_db_prep_save(field.pre_save(instance, False), connection)  # type: ignore[union-attr]
        for field in chosen
    ]
    with connection.cursor() as cursor:
        cursor.execute(statements[key], [*values, instance.pk])
        if cursor.rowcount != 1:
            raise model.DoesNotExist(f"{model.__name__} {instance.pk} is gone.")
