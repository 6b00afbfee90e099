"""CSRF on plain and htmx posts, the Content-Security-Policy, and the deploy checklist."""

import re
import secrets
import subprocess
import sys

import pytest
from django.test import Client
from django.urls import reverse

from groups.models import Group
from tests.factories import MembershipFactory
from tests.support.fixtures import ROOT


def csrf_token_from(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


@pytest.fixture
def csrf_client(db):
    user = MembershipFactory().user
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_plain_form_post_needs_the_csrf_token(csrf_client):
    assert csrf_client.post(reverse("groups:list"), {"name": "No token"}).status_code == 403
    token = csrf_token_from(csrf_client.get(reverse("groups:list")).content.decode())
    response = csrf_client.post(
        reverse("groups:list"), {"name": "With token", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert list(Group.objects.filter(name__startswith="With").values_list("name", flat=True)) == [
        "With token"
    ]
    assert not Group.objects.filter(name="No token").exists()


def test_htmx_post_uses_the_header_set_on_body(csrf_client):
    page = csrf_client.get(reverse("groups:list")).content.decode()
    header = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'>", page).group(1)
    assert (
        csrf_client.post(
            reverse("groups:list"), {"name": "htmx no header"}, HTTP_HX_REQUEST="true"
        ).status_code
        == 403
    )
    response = csrf_client.post(
        reverse("groups:list"),
        {"name": "htmx with header"},
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=header,
    )
    assert response.status_code == 302
    assert Group.objects.filter(name="htmx with header").exists()


@pytest.mark.django_db
def test_every_page_forbids_inline_scripts(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy
    assert "<script>" not in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
def test_pages_carry_vendored_htmx_2_not_a_cdn(client):
    page = client.get(reverse("login")).content.decode()
    assert "/static/django_htmx/htmx-2.min.js" in page
    assert "unpkg" not in page
    assert "cdn" not in page.lower()


def test_deploy_check_passes_with_real_values():
    env = {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(40)[:50],
        "ALLOWED_HOSTS": "example.org",
        "PATH": "/usr/bin:/bin",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {"DEBUG": "0", "ALLOWED_HOSTS": "example.org", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off." in result.stderr


def test_production_templates_are_cached_and_partials_still_resolve():
    """With DEBUG off the cached loader sits inside the partials loader, so "page#partial" works."""
    env = {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(40)[:50],
        "ALLOWED_HOSTS": "example.org",
        "PATH": "/usr/bin:/bin",
    }
    code = (
        "from django.template.loader import get_template;"
        "from django.template import engines;"
        "get_template('campaign/table/table.html#table');"
        "print(engines['django'].engine.template_loaders[0].loaders[0].__class__.__module__)"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "django.template.loaders.cached"
