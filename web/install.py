"""Questlog on a phone's home screen: the web app manifest, the service worker and its offline page.

``/manifest.webmanifest`` makes the site installable ("Add to Home screen": the Questlog icon,
opened full screen). ``/sw.js`` is the service worker, served from the root so that its scope is
the whole site; the page registers it with its own language (``static/js/app.js``), which the
worker keeps: it stores the offline page of that language and the static files the page uses, and
nothing else. When a page navigation fails for lack of network it answers with that page; every
other request (htmx's, the live table's event streams, forms) goes to the network untouched, and no
answer from the network is ever stored: no group's data and no signed-in user's page stays on a
device that others may share. docs/install.md tells the whole design.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

# The site header's colour and the page's (static/css/app.css: --ink and --paper).
THEME_COLOR = "#1d2330"
BACKGROUND_COLOR = "#fbfaf7"
# Drawn from static/favicon.svg by scripts/make_icons.py.
ICONS = [
    {"src": f"icons/{name}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
    for name, size, purpose in [
        ("icon-192", 192, "any"),
        ("icon-512", 512, "any"),
        ("maskable-512", 512, "maskable"),
    ]
]
# What the offline page loads: the worker stores these with it (templates/offline.html).
OFFLINE_ASSETS = ["css/app.css", "js/app.js", "favicon.svg"]


def offered_language(request: HttpRequest) -> str:
    """``?lang=`` when it is one of the site's languages, else the request's own."""
    asked = request.GET.get("lang", "").lower()
    codes = {code for code, _name in settings.LANGUAGES}
    return asked if asked in codes else translation.get_language()


def offline_page(language: str) -> str:
    """The offline page in ``language``. Rendered without the request: it is the same for
    everyone (no user, no CSRF token), as the worker stores it for whoever uses the device."""
    with translation.override(language):
        return loader.render_to_string("offline.html", {"language": language})


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "id": "/",
        "name": "Questlog",
        "short_name": "Questlog",
        "description": gettext("Your table's campaign companion"),
        "lang": translation.get_language(),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{**icon, "src": static(icon["src"])} for icon in ICONS],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    language = offered_language(request)
    return HttpResponse(offline_page(language), headers={"Content-Language": language})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's script, for the language in ``?lang=``. Its cache's name changes with the
    offline page and with its files' URLs (hashed in production): a new deploy changes the
    script's bytes, so browsers install it again and drop the old cache."""
    language = offered_language(request)
    offline_url = f"{reverse('offline')}?lang={language}"
    assets = [static(path) for path in OFFLINE_ASSETS]
    version = hashlib.sha256("\n".join([offline_page(language), *assets]).encode()).hexdigest()[:16]
    script = loader.render_to_string(
        "sw.js",
        {
            "cache": json.dumps(f"questlog-offline-{language}-{version}"),
            "offline": json.dumps(offline_url),
            "assets": json.dumps(assets),
        },
    )
    headers = {
        "Cache-Control": "no-cache",  # every update check asks the server
        # The worker controls the whole site. At /sw.js that is its default scope already; the
        # header says so, should the script ever move down a folder.
        "Service-Worker-Allowed": "/",
    }
    return HttpResponse(script, content_type="text/javascript; charset=utf-8", headers=headers)
