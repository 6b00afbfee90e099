"""Every page of Questlog on a 360 × 800 phone, signed in as the owner of a group with data in every
game (an adventure with attempts and one open at the table, a Bonfire game, a Solsticio game, a
play log imported from BG Stats with its statistics): no main-action control under 44 × 44 px, no
other target under 24 × 24 px unless spaced as WCAG 2.5.8 allows (``tests.support.targets``), and
axe-core finds no serious or critical violation, in English, Brazilian Portuguese and Catalan (in
the last two, the rules whose outcome a translation can change: ``WORDED_RULES``).

The pages come from the URLconf (``tests.support.world.routes``): a new named URL is visited
without editing this test, unless it is listed in ``NOT_PAGES``; a URL that answers a GET with
anything but an HTML page fails the test until it is listed there. One server, one data set and
one browser context per language: the test loops over the pages itself, and prints its time."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import axe_playwright_python
import pytest
from django.urls import resolve, reverse
from django.utils import timezone

from campaign import backups
from campaign.table import services as table
from games import playlog
from games.bonfire import services as bonfire
from games.content.bonfire import default_content
from games.models import BonfireSeat, CatalogGame, Person, Play, PlayImport
from games.solsticio.services import start_solsticio_game
from groups.models import Backup, BackupStatus, Invite
from tests.browser import table_driver as driver
from tests.campaign import table_helpers
from tests.factories import PASSWORD, AdventureFactory
from tests.games.playlog_helpers import FIXTURE
from tests.support.fixtures import OUTPUT
from tests.support.targets import COLLECT, Target, too_small
from tests.support.world import Route, build_world, ids_made_by_the_owner, routes, url_for

pytestmark = pytest.mark.browser

# Named URLs that are not pages a person reads, by what they are; nothing else is left out.
NOT_PAGES = {
    # Machine-read answers: the health check, the web app manifest, the service worker's script.
    "healthz", "manifest", "service_worker",
    # Downloads (a JSON file, a gzip-compressed backup: not a page).
    "campaign:export", "campaign:group-export", "campaign:backup-download",
    "games:history-download", "games:play-download",
    # Event streams and the version polled beside them (text/event-stream, JSON).
    "table:stream", "table:version", "bonfire:stream", "bonfire:version",
    "solsticio:stream", "solsticio:version",
    # A fragment the group's statistics page polls while a recompute runs (htmx, no page).
    "stats:progress",
    # POST-only: moves, undo, abandon, seats, finishing, reveals, recomputes, invites, roles,
    # notes, the language switch and logging out (405 to a GET).
    "table:move", "table:undo", "table:abandon", "table:seat",
    "bonfire:move", "bonfire:undo", "bonfire:abandon", "bonfire:seat-bind", "bonfire:finish",
    "solsticio:move", "solsticio:undo", "solsticio:abandon", "solsticio:reveal", "solsticio:open",
    "campaign:note-add", "campaign:reveal", "games:stats-recompute", "games:import-retry",
    "stats:recompute", "groups:invite-create", "groups:invite-revoke", "groups:member-role",
    "groups:rename", "groups:deleted-restore", "set_language", "logout",
}  # fmt: skip
# Django's admin site is for staff, not members, and is Django's own: left out by namespace.
NOT_PAGE_NAMESPACES = ("admin:",)
LANGUAGES = {"en": "en-US", "pt-br": "pt-BR", "ca": "ca-ES"}
SERIOUS = {"serious", "critical"}
# axe-core as the package ships it, loaded into every page the browser opens (once per page, by
# the browser, rather than sent over for each check), then run on the page as shown.
AXE_SCRIPT = Path(axe_playwright_python.__file__).with_name("axe.min.js")
AXE_RUN = "o => axe.run(document, {resultTypes: ['violations'], ...o}).then(r => r.violations)"
# Every axe-core rule runs on every page in English. A translation changes the words of a page,
# not its elements, roles or colours: in Portuguese and Catalan axe runs the rules whose outcome
# the words can change (names, labels, titles, headings, languages), on every page. The rest (the
# contrast of colours above all, most of axe's time) would find on the same elements what the
# English run finds; the targets, whose size the words do change, are measured in every language.
WORDED_RULES = [
    "aria-command-name", "aria-input-field-name", "aria-meter-name", "aria-progressbar-name",
    "aria-toggle-field-name", "aria-tooltip-name", "button-name", "document-title",
    "empty-heading", "empty-table-header", "html-has-lang", "html-lang-valid", "image-alt",
    "input-button-name", "input-image-alt", "label", "link-name", "select-name", "svg-img-alt",
    "valid-lang",
]  # fmt: skip
WORDED_ONLY = {"runOnly": {"type": "rule", "values": WORDED_RULES}}


def member_with_everything() -> tuple[Any, dict[str, Any], list[str]]:
    """The owner of a group with data in every game, the values of the URLs' parameters (by
    ``route:param``, ``namespace:param`` or ``param``, the most precise first), and the URLs of
    pages the URLconf names once but that show another state worth a visit."""
    world = build_world()
    group, owner = world.group, world.owner
    owner.username = "ana"
    owner.save()
    play = bonfire.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Bea"], content=default_content()
    )
    game = start_solsticio_game(group=group, players=("Ana", "Bru"), seed=4, by=owner)
    document = FIXTURE.read_text(encoding="utf-8")
    imported, _preview = playlog.start_import(
        group=group, file_name="plays.json", time_zone="UTC", document=document, by=owner
    )
    playlog.confirm_import(play_import=imported, matching=imported.matching)
    previewed, _preview = playlog.start_import(
        group=group, file_name="more.json", time_zone="UTC", document=document, by=owner
    )
    assert Play.objects.filter(group=group).count() > 1
    # A second adventure whose mission waits for a Spirit tile to be placed: the table's richest
    # screen (the tile's controls, the legal positions, "Place the tile").
    placing = AdventureFactory(group=group, name="Placing", by=owner)
    setup = table_helpers.setup_with_tokens(placing, ["Ana", "Ben", "Cy"])
    attempt = table.begin_mission(
        adventure=placing, by=owner, players=[], first_player="", setup=setup
    )
    table_helpers.play_until(attempt, owner, "place")
    # A backup to list and preview a restore of, and a failed one after it (the group's page and
    # the list say so).
    backup = backups.backup_group(group_id=group.pk)
    assert backup is not None
    Backup.objects.create(group=group, created_at=timezone.now(), status=BackupStatus.FAILED)
    values = dict(world.values)
    values.update(ids_made_by_the_owner(world))  # statistics of the imported plays
    open_attempt = world.adventure.attempts.get(status="open")
    values.update({
        "table:adventure_id": placing.pk,
        "table:number": attempt.number,
        "bonfire:play_id": play.pk,
        "seat_id": BonfireSeat.objects.filter(play=play).first().pk,
        "game_id": game.pk,
        "games:play_id": Play.objects.filter(group=group).first().pk,
        "import_id": imported.pk,
        "games:import-preview:import_id": previewed.pk,
        "games:game-stats:pk": CatalogGame.objects.filter(group=group, plays__isnull=False)
        .first()
        .pk,
        "games:player-stats:pk": Person.objects.filter(group=group).first().pk,
        "game": "spirits",
        "backup_id": backup.pk,
        "groups:join:token": Invite.objects.get(pk=values["invite_id"]).token,  # an active one
    })  # fmt: skip
    assert PlayImport.objects.filter(group=group).count() == 2
    # The first adventure's open mission, in its card phase (the table's other screen).
    cards = reverse("table:table", args=[group.pk, world.adventure.pk, open_attempt.number])
    return owner, values, [cards]


def page_urls(values: dict[str, Any]) -> list[str]:
    """The URL of every page, from the URLconf, with ``values``; fails on one it cannot build."""
    urls = []
    for route in routes():
        if route.name in NOT_PAGES or route.name.startswith(NOT_PAGE_NAMESPACES):
            continue
        namespace = route.name.rsplit(":", 1)[0] + ":" if ":" in route.name else ""
        precise = {
            name: values.get(
                f"{route.name}:{name}", values.get(f"{namespace}{name}", values.get(name))
            )
            for name, _kind in route.params
        }
        url = url_for(Route(route.name, route.params), precise)
        assert url is not None, f"no URL for {route.name}"
        urls.append(url)
    return urls


def log_in(session: Any, username: str) -> None:
    """Sign in through the login page, in whatever language it speaks."""
    page = session.page
    page.goto(reverse("login"))
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(re.compile(r"/groups/$"))


# Where a language's time goes (loading pages, measuring targets, axe-core, screenshots), printed
# with it: the suite's time is scarce.
TIMES: dict[str, float] = {}


def timed(name: str, started: float) -> float:
    now = time.monotonic()
    TIMES[name] = TIMES.get(name, 0) + now - started
    return now


def check_page(session: Any, url: str, language: str) -> list[str]:
    """The targets too small and the serious or critical axe violations of the page as shown."""
    page = session.page
    t = time.monotonic()
    targets = [Target.read(found) for found in page.evaluate(COLLECT)]
    small = too_small(targets)
    t = timed("targets", t)
    violations = page.evaluate(AXE_RUN, {} if language == "en" else WORDED_ONLY)
    t = timed("axe", t)
    serious = [
        f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])}: "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
        + ")"
        for v in violations
        if v["impact"] in SERIOUS
    ]
    if small or serious:
        session.shot(resolve(url.split("?")[0]).view_name.replace(":", "-"))
        timed("shots", t)
    return small + serious


def test_every_page_has_thumb_sized_targets_and_passes_axe(table_session: Any) -> None:
    """On uvicorn (``table_session``): the table's and the games' pages hold event streams."""
    owner, values, other_states = member_with_everything()
    urls = page_urls(values) + other_states
    problems: dict[str, list[str]] = {}
    for language, locale in LANGUAGES.items():
        started = time.monotonic()
        session = table_session(
            width=360, name=language, locale=locale, has_touch=True, is_mobile=True
        )
        session.page.set_viewport_size({"width": 360, "height": 800})
        session.context.add_init_script(path=AXE_SCRIPT)
        log_in(session, owner.username)
        visited = set()
        for url in urls:
            t = time.monotonic()
            response = session.page.goto(url)
            timed("goto", t)
            assert response is not None, url
            assert response.ok, f"{url}: {response.status}"
            assert "text/html" in response.headers["content-type"], f"{url} is not a page"
            lang = session.page.locator("html").get_attribute("lang")
            assert lang == language, f"{url} in {lang}, not {language}"
            final = session.page.url
            if final in visited:  # a URL that redirects to a page already seen
                continue
            visited.add(final)
            found = check_page(session, url, language)
            if session.page.locator("#seat-picker").count():
                # The table asks who holds this device: answered once (one device for the whole
                # table), so the board and its controls are measured too.
                driver.sit(session)
                # Sitting reloads the page: measure it once its stylesheets apply, not as soon as
                # its first element is in the new document.
                session.page.wait_for_load_state("load")
                found += check_page(session, url, language)
            if found:
                problems[f"{language} {final}"] = found
        seconds = time.monotonic() - started
        print(f"{language}: {len(visited)} pages in {seconds:.1f} s", TIMES)
        TIMES.clear()
        session.context.close()
    report = "\n".join(f"{page}\n  " + "\n  ".join(found) for page, found in problems.items())
    print(report)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "every-page.txt").write_text(report + "\n", encoding="utf-8")
    assert problems == {}, report
