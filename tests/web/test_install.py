"""Questlog on a phone's home screen (``web/install.py``, docs/install.md): the web app manifest
and its icons, the service worker's script and the offline page it shows, in each language."""

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.support.pages import text

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
APP_CSS = Path(settings.BASE_DIR) / "static" / "css" / "app.css"


def png_size(path: str) -> tuple[int, int]:
    """A PNG's width and height, from its header (the IHDR chunk comes first)."""
    with open(path, "rb") as image:
        head = image.read(24)
    assert head[:8] == PNG_SIGNATURE, f"{path} is not a PNG"
    assert head[12:16] == b"IHDR", f"{path} has no IHDR chunk first"
    return struct.unpack(">II", head[16:24])


def static_file(url: str) -> str:
    """The file behind a static URL (``/static/icons/x.png`` -> its path in static/)."""
    assert url.startswith(settings.STATIC_URL), url
    path = finders.find(url.removeprefix(settings.STATIC_URL))
    assert path, f"{url} is no static file"
    return str(path)


def css_colour(name: str) -> str:
    match = re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", APP_CSS.read_text())
    assert match, f"--{name} is not in app.css"
    return match.group(1).lower()


@pytest.fixture
def manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return json.loads(response.content)


@pytest.mark.django_db
def test_the_manifest_makes_an_installable_full_screen_app(manifest):
    assert manifest["name"] == "Questlog"
    assert manifest["short_name"] == "Questlog"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    # The colour of the site header and of the page behind it.
    assert manifest["theme_color"] == css_colour("ink")
    assert manifest["background_color"] == css_colour("paper")


@pytest.mark.django_db
def test_every_icon_of_the_manifest_is_a_png_of_the_size_it_claims(manifest):
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        width, height = png_size(static_file(icon["src"]))
        assert icon["sizes"] == f"{width}x{height}", icon["src"]
        sizes.setdefault(icon["purpose"], set()).add(width)
    # 192 and 512 px for launchers and the splash screen; a maskable one for shaped launchers.
    assert sizes["any"] == {192, 512}
    assert 512 in sizes["maskable"]


@pytest.mark.django_db
def test_the_maskable_icon_fills_its_square_and_the_plain_ones_keep_round_corners(manifest):
    """A maskable icon is cut to the launcher's shape: its background must reach the corners
    (RGB, no transparency). The plain icons are the favicon's rounded square (RGBA)."""
    colour_types = {}
    for icon in manifest["icons"]:
        with open(static_file(icon["src"]), "rb") as image:
            colour_types[icon["purpose"], icon["sizes"]] = image.read(26)[25]
    assert colour_types["maskable", "512x512"] == 2  # truecolour, no alpha
    assert colour_types["any", "192x192"] == colour_types["any", "512x512"] == 6  # with alpha


@pytest.mark.django_db
def test_every_page_links_the_manifest_the_theme_colour_and_the_home_screen_icon(client):
    page = text(client.get(reverse("login")))
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert f'<meta name="theme-color" content="{css_colour("ink")}">' in page
    touch_icon = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page)
    assert touch_icon
    assert png_size(static_file(touch_icon.group(1))) == (180, 180)


@pytest.mark.django_db
def test_the_manifest_describes_questlog_in_the_readers_language(client):
    response = client.get("/manifest.webmanifest", headers={"accept-language": "ca"})
    manifest = json.loads(response.content)
    assert manifest["lang"] == "ca"
    assert manifest["description"] == "El company de campanya de la teva taula"


@pytest.mark.django_db
def test_the_service_worker_is_a_script_for_the_whole_site(client):
    response = client.get("/sw.js?lang=en")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"  # an update check always reaches the server
    # The page's Content-Security-Policy is the worker's too: it fetches from its own site only.
    assert "default-src 'self'" in response["Content-Security-Policy"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "pt-br", "ca"])
def test_the_service_worker_stores_the_offline_page_of_the_language_it_was_registered_with(
    client, language
):
    script = client.get(f"/sw.js?lang={language}").content.decode()
    assert f'const OFFLINE = "/offline/?lang={language}";' in script
    assets = json.loads(re.search(r"const ASSETS = (\[.*\]);", script).group(1))
    assert sorted(assets) == ["/static/css/app.css", "/static/favicon.svg", "/static/js/app.js"]


@pytest.mark.django_db
def test_an_unknown_language_gives_the_worker_of_the_readers_language(client):
    script = client.get("/sw.js?lang=xx", headers={"accept-language": "pt-BR"}).content.decode()
    assert 'const OFFLINE = "/offline/?lang=pt-br";' in script


@pytest.mark.django_db
def test_the_workers_cache_is_renamed_when_its_page_changes(client, settings):
    """A new cache name changes the script's bytes: the browser installs the worker again, which
    stores the new page and drops the old cache."""

    def cache_name(language):
        script = client.get(f"/sw.js?lang={language}").content.decode()
        return re.search(r'const CACHE = "([^"]+)";', script).group(1)

    first = cache_name("en")
    assert first == cache_name("en")
    assert first != cache_name("ca")
    settings.STATIC_URL = "/assets/"  # the offline page's files move
    assert cache_name("en") != first


OFFLINE_TEXTS = {
    "en": (
        "No connection",
        "The table will come back when the network does: this page reloads by itself, and an "
        "open game shows where it stands now.",
        "Try again",
    ),
    "pt-br": (
        "Sem conexão",
        "A mesa volta quando a rede voltar: esta página se recarrega sozinha, e uma partida "
        "aberta mostra onde ela está agora.",
        "Tente de novo",
    ),
    "ca": (
        "Sense connexió",
        "La taula tornarà quan torni la xarxa: aquesta pàgina es torna a carregar sola, i una "
        "partida oberta mostra com està ara.",
        "Torna-ho a provar",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "pt-br", "ca"])
def test_the_offline_page_says_the_table_comes_back_with_the_network(client, language):
    response = client.get(f"/offline/?lang={language}")
    assert response.status_code == 200
    assert response["Content-Language"] == language
    page = text(response)
    assert f'<html lang="{language}">' in page
    assert f'<meta name="theme-color" content="{css_colour("ink")}">' in page
    heading, comes_back, try_again = OFFLINE_TEXTS[language]
    assert f"<h1>{heading}</h1>" in page
    assert comes_back in page
    # "Try again" asks again for the page that could not be reached: the page's own address.
    assert f'<a class="button primary" href="">{try_again}</a>' in page


@pytest.mark.django_db
def test_the_offline_page_is_the_same_for_everyone(client, player):
    """The worker stores it for whoever uses the device: no name, no group, no form, no cookie,
    even when a signed-in member asks for it."""
    anonymous = client.get("/offline/?lang=en")
    client.force_login(player)
    signed_in = client.get("/offline/?lang=en")
    assert signed_in.content == anonymous.content
    assert player.username not in text(signed_in)
    assert "<form" not in text(signed_in)
    assert "csrfmiddlewaretoken" not in text(signed_in)
    assert not signed_in.cookies


@pytest.mark.django_db
def test_the_offline_page_follows_the_browser_without_a_language(client):
    response = client.get("/offline/", headers={"accept-language": "ca"})
    assert "<h1>Sense connexió</h1>" in text(response)
