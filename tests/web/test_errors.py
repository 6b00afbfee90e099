"""A lost database connection is a "try again" page (503, ``Retry-After``), any other error the
plain server error page (``web/errors.py``)."""

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client
from django.urls import path

import config.urls
from tests.support.pages import text


def database_gone(request):
    raise OperationalError("terminating connection due to administrator command")


def connection_closed(request):
    raise InterfaceError("connection already closed")


def bug(request):
    raise ZeroDivisionError


urlpatterns = [
    path("database-gone/", database_gone),
    path("connection-closed/", connection_closed),
    path("bug/", bug),
    *config.urls.urlpatterns,
]
handler500 = config.urls.handler500


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/database-gone/", "/connection-closed/"])
def test_a_lost_database_is_a_friendly_503_with_retry_after(production, url):
    response = Client(raise_request_exception=False).get(url)
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    page = text(response)
    assert "Try again in a moment" in page
    assert "nothing was lost: try again in 5 seconds." in page


@pytest.mark.django_db
def test_any_other_error_is_the_plain_server_error_page(production):
    response = Client(raise_request_exception=False).get("/bug/")
    assert response.status_code == 500
    assert "Retry-After" not in response
