"""The database settings: SQLite default tuned for concurrent writers; PostgreSQL in CI."""

import threading

import pytest
from django.conf import settings
from django.db import connection, connections

from groups.models import Group


def test_sqlite_default_uses_immediate_transactions_and_wal(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    from config.settings import database_from_env

    config = database_from_env()
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]


def test_connections_are_checked_before_reuse(monkeypatch):
    """After a PostgreSQL restart each idle process answered its first request with a 500: a
    kept connection is now checked before a request reuses it."""
    monkeypatch.setenv("DATABASE_URL", "postgres://questlog@127.0.0.1:5432/questlog")
    from config.settings import database_from_env

    config = database_from_env()
    assert config["CONN_HEALTH_CHECKS"] is True
    assert "pool" in config["OPTIONS"]  # Django hands the pool ConnectionPool.check_connection


def test_database_url_selects_postgresql(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/questlog")
    from config.settings import database_from_env

    config = database_from_env()
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "questlog"


@pytest.mark.django_db(transaction=True)
def test_sixteen_concurrent_writers_all_succeed():
    """With IMMEDIATE transactions, writers wait for the lock instead of failing."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(16)

    def write(n: int) -> None:
        try:
            barrier.wait()
            from django.db import transaction

            with transaction.atomic():
                Group.objects.create(name=f"concurrent {n}")
                Group.objects.filter(name=f"concurrent {n}").update(name=f"written {n}")
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert Group.objects.filter(name__startswith="written").count() == 16


def test_postgresql_is_really_used_in_ci(postgres):
    assert connection.vendor == "postgresql"
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
