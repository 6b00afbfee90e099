"""Link the players of attempts entered before people existed to the group's people."""

from django.core.management.base import BaseCommand
from django.db import transaction

from campaign.models import Adventure
from campaign.seats import link_players


class Command(BaseCommand):
    help = (
        "Match the names of attempts without linked people to each group's people (any case); "
        "a name nobody has becomes a guest. Running it twice changes nothing."
    )

    def handle(self, *args: object, **options: object) -> None:
        adventures = Adventure.objects.filter(attempts__seats__isnull=True).distinct()
        for adventure in adventures.select_related("group").order_by("pk"):
            with transaction.atomic():
                link_players(adventure.group, adventure.attempts.select_for_update())
            self.stdout.write(f"Linked the players of adventure {adventure.pk}.")
