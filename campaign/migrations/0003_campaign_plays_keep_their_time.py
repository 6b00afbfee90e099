"""Campaign plays written before ``games.attempt_plays`` used an attempt's own moment were all at
12:00 UTC of the attempt's day: each is moved to the moment its attempt was entered when that
falls on the attempt's day in some time zone (UTC-12 to UTC+14), as new ones are."""

import datetime
from typing import Any

from django.db import migrations

EARLIEST_ZONE = datetime.timedelta(hours=14)
LATEST_ZONE = datetime.timedelta(hours=12)


def played_at(day: datetime.date, entered: datetime.datetime) -> datetime.datetime | None:
    """The attempt's moment if it was entered on its day somewhere, else ``None`` (stays)."""
    midnight = datetime.datetime.combine(day, datetime.time(), datetime.UTC)
    later = midnight + datetime.timedelta(days=1)
    if midnight - EARLIEST_ZONE <= entered < later + LATEST_ZONE:
        return entered
    return None


def move_campaign_plays(apps: Any, schema_editor: Any) -> None:
    Play = apps.get_model("games", "Play")
    MissionAttempt = apps.get_model("campaign", "MissionAttempt")
    plays = Play.objects.filter(source="campaign").only("pk", "attempt_ref", "played_at")
    for play in plays.iterator(chunk_size=1000):
        attempt = (
            MissionAttempt.objects.filter(pk=play.attempt_ref)
            .values("played_on", "created_at")
            .first()
        )
        if attempt is None:
            continue
        moment = played_at(attempt["played_on"], attempt["created_at"])
        if moment is not None and moment != play.played_at:
            Play.objects.filter(pk=play.pk).update(played_at=moment)


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0002_last_change"),
        ("games", "0006_play_source_ids"),
    ]

    operations = [migrations.RunPython(move_campaign_plays, migrations.RunPython.noop)]
