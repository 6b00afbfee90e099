"""Load the default content pack into the database (idempotent)."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the default content pack (safe to run again)."

    def handle(self, *args: object, **options: object) -> None:
        self.stdout.write("Default content: nothing to load yet.")
