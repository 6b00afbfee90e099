"""`make run` seeds a demo login, group and adventure, and prints a login that works."""

import io
import re

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from campaign.models import Adventure
from groups.models import Group, Membership, Role


@pytest.mark.django_db
def test_seed_demo_prints_a_working_login_and_can_run_again():
    call_command("load_content", verbosity=0)
    for _ in range(2):
        out = io.StringIO()
        call_command("seed_demo", stdout=out)
        password = re.search(r"password '([^']+)'", out.getvalue()).group(1)
    request = RequestFactory().post("/accounts/login/")
    user = authenticate(request, username="demo", password=password)
    assert user is not None
    group = Group.objects.get(name="Demo table")
    assert Membership.objects.get(group=group, user=user).role == Role.OWNER
    assert list(Adventure.objects.for_group(group.pk).values_list("name", flat=True)) == [
        "Demo adventure"
    ]


def test_the_demo_server_prints_its_address_and_the_login_last(monkeypatch):
    """`make run`: the address to open and the demo login are the last start-up lines."""
    from campaign.management.commands.demo_server import Command

    # Instead of serving, say where it would listen, as the server does once bound.
    monkeypatch.setattr(Command, "run", lambda self, **options: self.on_bind(8123))
    out = io.StringIO()
    login = "Demo login: username 'demo', password 'x'"
    call_command("demo_server", "0:8123", login=login, stdout=out, skip_checks=True)
    lines = out.getvalue().strip().splitlines()
    assert lines[-2:] == ["Questlog is at http://0.0.0.0:8123/ (Ctrl-C stops it)", login]
