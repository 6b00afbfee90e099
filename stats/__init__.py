"""Statistics of the campaign game, computed by Celery tasks and stored as snapshots.

Flow: campaign services write a ``StatisticsOutbox`` row with every result → beat runs
``stats.drain_outbox`` → ``stats.facts`` (re)extracts fact rows of changed attempts →
``stats.aggregates`` groups them per adventure, group and globally → ``StatsSnapshot`` → pages.
The nightly full recompute runs the same code over every scope at once. Without a broker, the
acting group's rows are drained in-process after the response (``stats.triggers``). The play
log's statistics (the other games) are ``games.playstats``.
"""
