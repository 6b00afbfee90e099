"""The statistics outbox: every change to a group's results leaves a row, in the same transaction.

Writing a row needs only the database, never Redis. The statistics drain (``stats.services``)
processes the rows each adventure and group on its own: a row it cannot compute is noted as
failed and retried later, never holding back the others.
"""

from campaign.models import Adventure, StatisticsOutbox


def note_results_changed(*, adventure: Adventure) -> StatisticsOutbox:
    """Call inside the transaction that changed ``adventure``'s results."""
    return StatisticsOutbox.objects.create(group_id=adventure.group_id, adventure=adventure)
