"""Snapshots compressed with lz4 again on PostgreSQL: 0009 turned the column into text, and the
column it made no longer carries 0004's setting (an upsert of every snapshot then took about
twice as long). A server without lz4, and SQLite, keep the default."""

import importlib

from django.db import migrations

# The same statement as 0004 (a module name starting with a digit is imported by name).
use_lz4 = importlib.import_module("stats.migrations.0004_snapshot_lz4").use_lz4


class Migration(migrations.Migration):
    dependencies = [("stats", "0009_snapshot_text")]

    operations = [migrations.RunPython(use_lz4, migrations.RunPython.noop)]
