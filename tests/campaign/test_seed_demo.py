"""`make run` seeds a demo login, group and adventure, and prints a login that works."""

import io
import os
import re
import signal
import subprocess
import time
import urllib.request

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from campaign.models import Adventure
from groups.models import Group, Membership, Role
from tests.support.servers import ROOT, free_port


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
    assert list(Adventure.objects.filter(group=group).values_list("name", flat=True)) == [
        "Demo adventure"
    ]


def test_make_run_prints_its_address_and_the_login_last(tmp_path):
    """`make run`: once uvicorn listens, the address to open and the demo login are the last
    lines printed (uvicorn's own start-up lines come before them)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}", "REDIS_URL": ""}
    command = ["make", "--no-print-directory", "run", "HOST=127.0.0.1", f"PORT={port}"]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, start_new_session=True,
    )  # fmt: skip
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and not (lines and lines[-1].startswith("Demo login")):
            line = server.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10).close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        server.stdout.close()
    assert lines[-2] == f"Questlog is at http://127.0.0.1:{port}/ (Ctrl-C stops it)"
    assert lines[-1].startswith("Demo login: username 'demo', password '")
