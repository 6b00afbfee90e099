"""Load the default content pack into the database (idempotent)."""

from django.core.management.base import BaseCommand

from games.packs import load_default_pack


class Command(BaseCommand):
    help = "Load the default content pack (safe to run again)."

    def handle(self, *args: object, **options: object) -> None:
        stored = load_default_pack()
        self.stdout.write(f"Default content: {stored.name} ({stored.digest[:12]}).")
