"""Questlog on a phone's home screen, in Debian Chromium at 360 x 800 (``web/install.py``,
docs/install.md): Chromium finds the site installable, and with the network gone a page shows the
offline page in the reader's language, which keeps nothing of the group and goes back to the page
by itself once the network is back. Screenshots go to test-output/screenshots/."""

import re

import pytest
from django.urls import reverse

from accounts.models import Preference
from groups.models import Group, Membership, Role
from tests.browser.table_driver import log_in_through_the_page
from tests.factories import UserFactory
from tests.support.fixtures import CHROMIUM_ARGS, OUTPUT
from tests.support.services import chromium_path

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 800}
SHOTS = OUTPUT / "screenshots" / "install"
# The active worker, once it controls the page: its script's URL.
CONTROLLER = """async () => {
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  return navigator.serviceWorker.controller.scriptURL;
}"""
# Every URL the site's caches hold.
CACHED = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""


def controlled_by(page, language):
    """Wait until the worker registered for ``language`` controls ``page``."""
    page.wait_for_function(
        "lang => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js?lang=' + lang)",
        arg=language,
    )


def test_chromium_reports_questlog_installable(chromium, live_server, tmp_path, transactional_db):
    """Chromium never offers to install from an incognito window, which every Playwright context
    is: this one opens a profile of its own, as a phone's browser has."""
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=chromium_path(),
        args=CHROMIUM_ARGS,
        base_url=live_server.url,
        viewport=PHONE,
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(reverse("login"))
        assert page.evaluate(CONTROLLER).endswith("/sw.js?lang=en")
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == live_server.url + "/"  # the whole site
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == live_server.url + "/manifest.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "installable-login-360x800.png"))
    finally:
        context.close()


def test_offline_a_page_shows_the_offline_page_in_the_readers_language(
    browser_session, transactional_db
):
    """Ana's account speaks Portuguese; her browser, English: the offline page follows her
    account, as every page does."""
    ana = UserFactory(username="ana")
    Preference.objects.create(user=ana, language="pt-br")
    group = Group.objects.create(name="Lua cheia")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    group_url = reverse("groups:detail", args=[group.pk])

    phone = browser_session(service_workers="allow")
    page = phone.page
    page.set_viewport_size(PHONE)
    log_in_through_the_page(phone, "ana")
    page.goto(group_url)
    controlled_by(page, "pt-br")
    heading = page.locator("h1").inner_text()
    assert "Lua cheia" in heading

    phone.context.set_offline(True)
    page.goto(group_url)
    # The page asked for keeps its address; the offline page stands in for it, styled.
    assert page.url.endswith(group_url)
    assert page.locator("h1").inner_text() == "Sem conexão"
    assert page.get_by_text("A mesa volta quando a rede voltar").is_visible()
    assert page.get_by_role("link", name="Tente de novo").is_visible()
    header = page.locator(".site-header").evaluate("e => getComputedStyle(e).backgroundColor")
    assert header == "rgb(29, 35, 48)"  # app.css came from the worker's cache
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.shot("offline-pt-br")

    # Only the offline page and its files are kept: nothing of the group, nothing of Ana.
    cached = {re.sub(r"^https?://[^/]+", "", url) for url in page.evaluate(CACHED)}
    assert cached == {
        "/offline/?lang=pt-br",
        "/static/css/app.css",
        "/static/js/app.js",
        "/static/favicon.svg",
    }

    # The network is back: the page comes back by itself.
    phone.context.set_offline(False)
    page.wait_for_function("() => document.querySelector('h1')?.textContent.includes('Lua cheia')")
    assert page.locator("h1").inner_text() == heading


def test_the_offline_page_follows_a_change_of_language(browser_session, transactional_db):
    """The worker keeps the offline page of the language the reader last chose."""
    phone = browser_session(locale="pt-BR", service_workers="allow")
    page = phone.page
    page.set_viewport_size(PHONE)
    page.goto(reverse("login"))
    controlled_by(page, "pt-br")
    page.get_by_label("Idioma").select_option("ca")  # submits itself (static/js/app.js)
    page.wait_for_function("() => document.documentElement.lang === 'ca'")
    controlled_by(page, "ca")

    phone.context.set_offline(True)
    page.goto(reverse("login"))
    assert page.locator("h1").inner_text() == "Sense connexió"
    assert page.get_by_text("La taula tornarà quan torni la xarxa").is_visible()
    phone.shot("offline-ca")


def test_online_every_page_and_request_reaches_the_server(browser_session, transactional_db):
    """The worker answers nothing from its cache while the network works: a page shows what the
    server says now, and every page and request goes out as it would without a worker (a watcher
    of the network, like the one the Solsticio duel uses, sees each)."""
    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Lua cheia")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    group_url = reverse("groups:detail", args=[group.pk])
    phone = browser_session(service_workers="allow")
    page = phone.page
    log_in_through_the_page(phone, "ana")
    page.goto(group_url)
    controlled_by(page, "en")

    seen = []

    def watch(route):
        seen.append(route.request.url.split("/", 3)[3])
        route.continue_()

    phone.context.route(re.compile(r"/groups/\d+/$|/healthz$"), watch)
    Group.objects.filter(pk=group.pk).update(name="Lua nova")
    page.goto(group_url)
    assert "Lua nova" in page.locator("h1").inner_text()
    assert page.evaluate("() => fetch('/healthz').then((r) => r.status)") == 200
    assert seen == [group_url.lstrip("/"), "healthz"]
