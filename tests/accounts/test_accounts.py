"""Sign up, log in and out, change and reset a password; repeated failed logins are throttled."""

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from groups.validators import MARKUP_IN_NAME
from tests.factories import PASSWORD, UserFactory
from tests.support.pages import text


@pytest.mark.django_db
def test_signup_logs_the_new_user_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "ana", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert client.get(reverse("groups:list")).status_code == 200
    assert User.objects.filter(username="ana").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"username": ""}, "username", "This field is required."),
        ({"username": "a" * 10_000}, "username", "at most 150 characters"),
        ({"username": "<script>"}, "username", str(MARKUP_IN_NAME)),
        ({"username": "ana", "email": "not-an-email"}, "email", "Enter a valid email address."),
        ({"username": "ana", "password2": "different"}, "password2", "didn’t match"),
    ],
    ids=["empty", "long", "script", "email-type", "mismatch"],
)
def test_signup_rejects_bad_input_next_to_the_field(client, data, field, message):
    form = {"username": "ana", "email": "", "password1": PASSWORD, "password2": PASSWORD} | data
    response = client.post(reverse("signup"), form)
    assert response.status_code == 400
    page = text(response)
    assert f'id="id_{field}_errors"' in page
    assert message in page
    assert not User.objects.exists()


@pytest.mark.django_db
def test_login_and_logout(client):
    user = UserFactory()
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("groups:list")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("groups:list")).status_code == 302


@pytest.mark.django_db
def test_login_is_throttled_after_repeated_failures(client, settings):
    """django-axes locks the username/IP pair after AXES_FAILURE_LIMIT failures."""
    user = UserFactory()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": user.username, "password": "wrong"})
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed log-in attempts" in text(response)


@pytest.mark.django_db
def test_password_change(client):
    user = UserFactory()
    client.force_login(user)
    new = "another long passphrase 42"
    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


@pytest.mark.django_db
def test_password_reset_by_email(client):
    user = UserFactory()
    client.post(reverse("password_reset"), {"email": user.email})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]
    new = "a brand new passphrase 7"
    response = client.post(form_url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("next_url", "expected"),
    [("/groups/join/abc/", "/groups/join/abc/"), ("https://evil.example/", "/groups/")],
)
def test_signup_follows_next_only_within_the_site(client, next_url, expected):
    """An invite link sends newcomers to sign up and back; a foreign `next` is ignored."""
    form = {"username": "ana", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(f"{reverse('signup')}?next={next_url}", form)
    assert response.status_code == 302
    assert response["Location"] == expected


@pytest.mark.parametrize("length", [151, 256, 10_000])
def test_login_with_a_name_no_account_can_have_is_an_invalid_login(client, postgres, length):
    """On PostgreSQL the failed-login record holds 255 characters: a longer name must not reach
    it (it answered 500), and any name over 150 is refused like a wrong password."""
    response = client.post(reverse("login"), {"username": "a" * length, "password": "x"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in text(response)
    assert not AccessAttempt.objects.exists()
