"""The language a page speaks: the browser's, the switcher's, or the one stored on the account."""

from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test import AsyncClient, Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.deprecation import MiddlewareMixin

from accounts import services
from accounts.models import Preference
from tests.factories import PASSWORD, AdventureFactory, UserFactory
from tests.support.pages import page_language

pytestmark = pytest.mark.django_db


def switch(client, language, next_url="/"):
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


def log_in(client, user, **headers):
    response = client.post(
        reverse("login"), {"username": user.username, "password": PASSWORD}, headers=headers
    )
    assert response.status_code == 302


def test_the_browser_s_accept_language_chooses_the_page_language():
    for header, lang, words in [
        ("pt-BR,pt;q=0.9,en;q=0.5", "pt-br", "Crie uma conta"),
        ("ca,es;q=0.8", "ca", "Registra’t"),
        ("de", "en", "Sign up"),
    ]:
        response = Client(headers={"accept-language": header}).get(reverse("login"))
        page = response.content.decode()
        assert page_language(page) == lang, header
        assert words in page, header
        assert response["Content-Language"] == lang


def test_the_switcher_sets_the_cookie_for_a_visitor_and_stores_nothing(client):
    response = switch(client, "ca", reverse("login"))
    assert response.status_code == 302
    assert response.url == reverse("login")
    assert client.cookies["django_language"].value == "ca"
    assert page_language(client.get(reverse("login")).content.decode()) == "ca"
    assert not Preference.objects.exists()


def test_the_switcher_stores_the_choice_on_the_account(client):
    user = UserFactory()
    log_in(client, user)
    switch(client, "pt-br")
    assert Preference.objects.get(user=user).language == "pt-br"
    assert "Meus grupos" in client.get(reverse("groups:list")).content.decode()
    switch(client, "ca")
    assert Preference.objects.get(user=user).language == "ca"
    assert "Els meus grups" in client.get(reverse("groups:list")).content.decode()


def test_the_stored_language_follows_the_account_to_another_device():
    """A phone whose browser asks for English opens the account's Catalan after logging in."""
    user = UserFactory()
    services.set_preference(user=user, language="ca")
    phone = Client(headers={"accept-language": "en"})
    assert "My groups" not in phone.get(reverse("login")).content.decode()  # not logged in yet
    log_in(phone, user)
    page = phone.get(reverse("groups:list")).content.decode()
    assert page_language(page) == "ca"
    assert "Els meus grups" in page


def test_the_stored_language_wins_over_the_browser_and_the_cookie():
    user = UserFactory()
    services.set_preference(user=user, language="pt-br")
    client = Client(headers={"accept-language": "ca"})
    client.cookies["django_language"] = "en"
    log_in(client, user)
    assert page_language(client.get(reverse("groups:list")).content.decode()) == "pt-br"


def test_an_account_without_a_preference_follows_the_browser():
    user = UserFactory()
    client = Client(headers={"accept-language": "ca"})
    log_in(client, user)
    assert page_language(client.get(reverse("groups:list")).content.decode()) == "ca"
    assert not Preference.objects.exists()


def test_the_preference_is_read_once_per_session(client):
    user = UserFactory()
    services.set_preference(user=user, language="ca")
    log_in(client, user)
    client.get(reverse("groups:list"))
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("groups:list")).content.decode()
    assert page_language(page) == "ca"
    assert not [q for q in queries if "accounts_preference" in q["sql"]]


def test_a_language_not_offered_is_ignored(client):
    user = UserFactory()
    log_in(client, user)
    switch(client, "de")
    switch(client, "")
    assert not Preference.objects.exists()
    with pytest.raises(ValueError, match="not an offered language: 'de'"):
        services.set_preference(user=user, language="de")


@pytest.mark.parametrize(
    ("language", "none"), [("ca", "0 intents"), ("pt-br", "0 tentativa"), ("en", "0 attempts")]
)
def test_counts_use_the_language_s_plural_rule(client, group, owner, language, none):
    """Catalan says "0 intents", Brazilian Portuguese "0 tentativa" (plural only above 1)."""
    AdventureFactory(group=group, by=owner, name="Spring")
    client.force_login(owner)
    switch(client, language)
    page = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert f"· {none}" in " ".join(page.split())


@pytest.mark.parametrize(
    ("header", "subject_start", "body_words"),
    [
        ("pt-BR", "Redefinição de senha em", "Obrigado por usar nosso site!"),
        ("ca", "Reinicialitzar la contrasenya a", "Gràcies per fer ús del nostre lloc!"),
    ],
)
def test_the_password_reset_e_mail_speaks_the_reader_s_language(header, subject_start, body_words):
    from django.core import mail

    user = UserFactory()
    Client(headers={"accept-language": header}).post(
        reverse("password_reset"), {"email": user.email}
    )
    (message,) = mail.outbox
    assert message.subject.startswith(subject_start)
    assert body_words in message.body


def test_under_asgi_the_stored_language_applies_and_no_middleware_crosses_to_the_event_loop():
    """``PreferredLanguageMiddleware`` is sync only and innermost, so Django runs every middleware
    synchronously in the request's thread under ASGI: none takes its async path (each of which
    would cross to the event loop and back around its hooks)."""
    user = UserFactory()
    services.set_preference(user=user, language="ca")
    crossed = []
    original = MiddlewareMixin.__acall__

    async def counted(self, request):
        crossed.append(type(self).__name__)
        return await original(self, request)

    with mock.patch.object(MiddlewareMixin, "__acall__", counted):
        client = AsyncClient(headers={"accept-language": "en"})  # builds its chain here
        client.force_login(user)
        page = async_to_sync(client.get)(reverse("groups:list"))
    assert page.status_code == 200
    assert page_language(page.content.decode()) == "ca"
    assert crossed == []
