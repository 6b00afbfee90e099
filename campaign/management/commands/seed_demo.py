"""Create (or refresh) a demo login and a demo group with an adventure, and print the login."""

import secrets

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from campaign.models import Adventure
from campaign.services import start_adventure
from groups.models import Group, Membership, Role
from groups.services import create_group

DEMO_USERNAME = "demo"
DEMO_GROUP = "Demo table"
DEMO_ADVENTURE = "Demo adventure"


class Command(BaseCommand):
    help = "Create a demo user and group for trying Questlog locally; prints the login."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        password = secrets.token_urlsafe(9)
        user, _ = User.objects.get_or_create(username=DEMO_USERNAME)
        user.set_password(password)
        user.save()
        named = Group.objects.for_user(user).filter(name=DEMO_GROUP)
        group = named.first() or create_group(name=DEMO_GROUP, owner=user)
        Membership.objects.filter(group=group, user=user).update(role=Role.OWNER)
        if not Adventure.objects.filter(group=group).exists():
            start_adventure(group=group, name=DEMO_ADVENTURE, by=user)
        self.stdout.write(
            self.style.SUCCESS(f"Demo login: username {DEMO_USERNAME!r}, password {password!r}")
        )
