"""The statistics outbox: every change to a group's results leaves a row, in the same transaction.

Statistics (a later issue) read the outbox; writing a row needs only the database, never Redis.
"""

from campaign.models import Adventure, StatisticsOutbox


def note_results_changed(*, adventure: Adventure) -> StatisticsOutbox:
    """Call inside the transaction that changed ``adventure``'s results."""
    return StatisticsOutbox.objects.create(group_id=adventure.group_id, adventure=adventure)
