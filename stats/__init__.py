"""Statistics of the campaign game, computed by Celery tasks and stored as snapshots.

Flow: campaign services write a ``StatisticsOutbox`` row with every result → beat runs
``stats.drain_outbox`` → ``stats.facts`` (re)extracts fact rows of changed attempts →
``stats.aggregates`` groups them per adventure, group and globally → ``StatsSnapshot`` → pages.
The nightly full recompute runs the same code over every scope at once. Without a broker, the
acting group's rows are drained in-process after the response (``stats.triggers``).

Extension point for Bonfire and Solsticio play logs (not in the code base yet): give each game its
own fact table here, filled by an extractor beside ``facts.attempt_facts`` from its play-log rows,
its own outbox note, and a ``compute``-style function of grouped queries stored under a new
``Scope``/snapshot key; pages then read that snapshot like the others. No page exists until a
play log does.
"""
