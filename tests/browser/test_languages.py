"""A newcomer in São Paulo and one in Barcelona, in Chromium at phone width with their browser's
language: sign up, create a group, start an adventure, open the rules reference and search it.
Every screen speaks their language; screenshots of each step go to test-output/screenshots/."""

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import django
import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.text import capfirst

from campaign.table.refusals import SPIRITS_REFUSALS
from games.reference.documents import GAMES, game_reference
from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.factories import PASSWORD, AdventureFactory, UserFactory

pytestmark = pytest.mark.browser

WORD = re.compile(r"[^\W\d_]{3,}")
DJANGO = Path(django.__file__).parent
# Names, not words: the app's, the games', the people's and groups' the test types.
NAMES = {"questlog", "automa", "kakapo", "bonfire", "solsticio", "json", "utf"}


def catalogs(language: str) -> list[Path]:
    folder = translation.to_locale(language)
    return [
        Path(settings.BASE_DIR) / "locale" / folder / "LC_MESSAGES" / "django.po",
        DJANGO / "conf" / "locale" / folder / "LC_MESSAGES" / "django.po",
        DJANGO / "contrib" / "auth" / "locale" / folder / "LC_MESSAGES" / "django.po",
    ]


@cache
def vocabularies(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """(words of the English texts, words of their translations in ``language``)."""
    english: set[str] = set()
    translated: set[str] = set()
    for path in catalogs(language):
        for entry in polib.pofile(str(path)):
            english |= words(entry.msgid + " " + entry.msgid_plural)
            translated |= words(entry.msgstr + " " + " ".join(entry.msgstr_plural.values()))
    for game in GAMES:
        for lang, document in game_reference(game).items():
            bucket = english if lang == "en" else translated if lang == language else None
            if bucket is not None:
                bucket |= words(document.intro + " " + document.title)
                for rule in document.rules:
                    bucket |= words(rule.searchable)
    return frozenset(english), frozenset(translated)


def words(text: str) -> set[str]:
    return {w.casefold() for w in WORD.findall(text)}


def sample_pack_values() -> Iterator[object]:
    """Every value in the sample content pack's files: each object, list and string in them."""

    def walk(value: object) -> Iterator[object]:
        yield value
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            for item in value:
                yield from walk(item)

    for path in (Path(settings.BASE_DIR) / "games" / "content" / "sample").glob("*.json"):
        yield from walk(json.loads(path.read_text(encoding="utf-8")))


@cache
def pack_texts() -> tuple[str, ...]:
    """Every text of the sample content pack, longest first.

    The pack's names and texts are content (in every language the pack carries); they are taken
    off the screen before its words are checked, exactly, so a word of the interface is never
    excused for appearing in the pack too. ``english_in_main`` checks the pack's texts as well.
    """
    found = {v for v in sample_pack_values() if isinstance(v, str) and WORD.search(v)}
    return tuple(sorted(found, key=len, reverse=True))


@cache
def code_names() -> tuple[str, ...]:
    """Names of code the reference cites (functions, test files): names, not words."""
    found = set()
    for game in GAMES:
        for rule in game_reference(game)["en"].rules:
            for reading in rule.readings:
                found |= {reading.function, *reading.tests}
    return tuple(sorted(found, key=len, reverse=True))


def english_left(page, language: str, names: set[str]) -> set[str]:
    """Words on screen that only the English texts use (not a name, not a word of the
    translations): an English text left untranslated."""
    english, translated = vocabularies(language)
    text = page.locator("body").inner_text()
    for excused in (*pack_texts(), *code_names()):
        text = text.replace(excused, " ")
    return words(text) & english - translated - NAMES - {n.casefold() for n in names}


def say(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


@pytest.mark.parametrize(
    ("locale", "language", "search", "found"),
    [("pt-BR", "pt-br", "Névoa", "mist-tokens"), ("ca", "ca", "Boira", "mist-tokens")],
    ids=["pt-BR", "ca"],
)
def test_a_newcomer_uses_questlog_in_their_language(
    browser_session, transactional_db, locale, language, search, found
):
    from django.core.management import call_command

    call_command("load_content", verbosity=0)
    session = browser_session(name=language, locale=locale)
    page = session.page
    names = {"marta", "Quinta", "Campanha", "Primavera"}

    def screen(name: str) -> None:
        session.shot(name)
        assert page.locator("html").get_attribute("lang") == language
        assert english_left(page, language, names) == set(), name

    page.goto(reverse("signup"))
    screen("signup")
    page.get_by_label(capfirst(say(language, "username"))).fill("marta")
    page.get_by_label(say(language, "Password"), exact=True).fill(PASSWORD)
    page.get_by_label(say(language, "Password confirmation")).fill(PASSWORD)
    page.get_by_role("button", name=say(language, "Sign up")).click()
    page.wait_for_url(re.compile(r"/groups/$"))
    screen("signed-up")

    page.get_by_label(capfirst(say(language, "name"))).fill("Quinta")
    page.get_by_role("button", name=say(language, "Create group")).click()
    page.wait_for_url(re.compile(r"/groups/\d+/$"))
    screen("group-created")

    page.get_by_role("link", name=say(language, "New adventure")).click()
    screen("new-adventure")
    page.get_by_label(capfirst(say(language, "name"))).fill("Campanha Primavera")
    page.get_by_role("button", name=say(language, "Start the adventure")).click()
    page.wait_for_url(re.compile(r"/adventures/\d+/$"))
    screen("adventure-dashboard")

    page.get_by_role("navigation", name=say(language, "Main")).get_by_role(
        "link", name=say(language, "Rules"), exact=True
    ).click()
    page.wait_for_url(re.compile(r"/reference/$"))
    screen("reference")
    page.get_by_role("link", name=game_reference("spirits")[language].title).click()
    page.wait_for_url(re.compile(r"/reference/spirits/$"))
    page.get_by_label(say(language, "Search the rules")).fill(search)
    page.get_by_role("button", name=say(language, "Search"), exact=True).click()
    page.wait_for_url(re.compile(rf"q={search[0]}"))
    page.locator(f"#{found}").wait_for()
    assert page.locator("#rules article").count() >= 1
    screen("reference-search")


# --- The adventure's own screens: the pack's texts are translated too ----------------------------


PACK_LANGUAGES = {"pt-br": "pt-BR", "ca": "ca"}  # the site's language codes, the pack's


@cache
def pack_vocabularies(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """(words of the sample pack's English texts, words of its texts in ``language``): the pack
    carries its names and texts per language, so its English is English left on screen."""
    english: set[str] = set()
    translated: set[str] = set()
    for value in sample_pack_values():
        if isinstance(value, dict) and "en" in value:
            english.update(words(str(value["en"])))
            translated.update(words(str(value.get(PACK_LANGUAGES[language], ""))))
    return frozenset(english), frozenset(translated)


def english_in_main(page, language: str, names: set[str]) -> set[str]:
    """English words in the visible text of the page's main content: a word of the interface's
    or of the pack's English texts that no translation uses, and not a name."""
    english, translated = vocabularies(language)
    pack_english, pack_translated = pack_vocabularies(language)
    text = page.locator("#main").inner_text()
    for excused in code_names():
        text = text.replace(excused, " ")
    left = words(text) & (english | pack_english) - translated - pack_translated
    return left - NAMES - {w.casefold() for n in names for w in words(n)}  # "Table 0": a name


def log_in_as(page, language: str, username: str) -> None:
    page.goto(reverse("login"))
    page.get_by_label(capfirst(say(language, "username"))).fill(username)
    page.get_by_label(say(language, "Password"), exact=True).fill(PASSWORD)
    page.get_by_role("button", name=say(language, "Log in")).click()
    page.wait_for_url(re.compile(r"/groups/$"))


@pytest.mark.parametrize(
    ("locale", "language", "search", "found"),
    [
        ("pt-BR", "pt-br", "Redemoinho", "whirlpool-tokens"),
        ("ca", "ca", "Remolí", "whirlpool-tokens"),
    ],
    ids=["pt-BR", "ca"],
)
def test_an_adventure_in_play_speaks_the_readers_language(
    browser_session, transactional_db, locale, language, search, found
):
    """A group some missions into its adventure: the dashboard (the pack's mission, envelopes,
    Power spaces and Moon Path), its statistics (charts, their tables and alternatives) and the
    rules reference searched, at 360 px, hold no English word but names."""
    from groups.models import Role
    from stats import services as stats
    from tests.factories import AdventureFactory, MembershipFactory
    from tests.stats.conftest import record_driven

    member = MembershipFactory(role=Role.OWNER, user__username="jordi")
    with translation.override(language):  # the group logs its plays in its own language
        adventure = AdventureFactory(group=member.group, name="Tardor", by=member.user)
        for seed, result in enumerate(["failure", "success", "success", "failure", "success"]):
            players = ("Ana", "Biel", "Cai") if seed % 2 else ("Ana", "Biel")
            record_driven(
                adventure, result, seed=seed, by=member.user, duration=20 + seed, players=players
            )
    stats.drain_outbox()
    names = {"jordi", "Tardor", "Ana", "Biel", "Cai", member.group.name}
    session = browser_session(name=language, locale=locale)
    page = session.page
    log_in_as(page, language, "jordi")

    def screen(name: str) -> None:
        session.shot(name)
        assert page.locator("html").get_attribute("lang") == language
        assert english_in_main(page, language, names) == set(), name

    page.goto(adventure.get_absolute_url())
    page.locator("#main h1").wait_for()
    screen("dashboard")

    page.goto(reverse("stats:adventure", args=[member.group.pk, adventure.pk]))
    assert page.locator("figure.chart svg").count() >= 12
    for summary in page.locator("figure.chart details summary").all():
        if summary.is_visible():
            summary.click()  # the charts' tables: the same words as the charts
    screen("statistics")

    page.goto(reverse("reference:game", args=["spirits"]))
    page.get_by_label(say(language, "Search the rules")).fill(search)
    page.get_by_role("button", name=say(language, "Search"), exact=True).click()
    page.locator(f"#{found}").wait_for()
    screen("reference-search")


# --- The table in their language -----------------------------------------------------------------


def table_in_progress():
    """Mission 1 at the table, three seats (no Automa), the owner ``marta`` at the table."""
    from campaign.table import services as table

    marta = UserFactory(username="marta")
    group = Group.objects.create(name="Quinta")
    Membership.objects.create(group=group, user=marta, role=Role.OWNER)
    adventure = AdventureFactory(group=group, name="Campanha Primavera")
    return table.begin_mission(
        adventure=adventure, by=marta, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )


def log_in_any_language(session, username):
    page = session.page
    page.goto(reverse("login"))
    page.locator('input[name="username"]').fill(username)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.locator('input[name="password"]').press("Enter")
    page.wait_for_url(re.compile(r"/groups/$"))


def refusal_of(language, code, **params):
    with translation.override(language):
        return SPIRITS_REFUSALS[code].render(**params)


@pytest.mark.parametrize(
    ("locale", "language", "other"),
    [("pt-BR", "pt-br", "ca"), ("ca", "ca", "pt-br")],
    ids=["pt-BR", "ca"],
)
def test_a_trick_and_an_illegal_placement_at_the_table_in_their_language(
    table_session, locale, language, other
):
    """Seed 003, 'Placing the Spirit tile': never over a Mission tile. The preview says so before
    anything is sent, the engine refuses it next to the button, both in the player's language and
    with a link to that paragraph of the reference; switching language then changes the table's
    texts, not the game."""
    attempt = table_in_progress()
    session = table_session(name=language, locale=locale)
    page = session.page
    log_in_any_language(session, "marta")
    adventure = attempt.adventure
    page.goto(reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number]))
    driver.sit(session)  # one device for the whole table
    names = {"marta", "Quinta", "Campanha", "Primavera", "Ana", "Ben"}

    def screen(name, lang=language):
        session.shot(name)
        assert page.locator("html").get_attribute("lang") == lang
        assert english_left(page, lang, names) == set(), name

    screen("table")
    driver.play_until(session, attempt.pk, "place")  # a whole trick, card by card
    screen("trick-played")

    _, state = driver.attempt_state(attempt.pk)
    row, col = sorted(state.board_occupancy())[0]  # a Mission tile's cell
    page.locator(f'#grid .cell[data-r="{row}"][data-c="{col}"]').click()
    overlap = refusal_of(language, "overlap")
    rule = "/reference/spirits/#placing-the-spirit-tile"
    assert page.locator("#preview-text").inner_text() == overlap
    assert page.locator("#preview-rule").get_attribute("href") == rule
    assert page.locator("#preview-rule").inner_text() == say(language, "Read the rule")
    screen("illegal-preview")

    version = driver.attempt_state(attempt.pk)[0].version
    page.locator("#place-button").click()
    page.wait_for_selector('#place-form #refusal[data-code="overlap"]')
    refusal = page.locator("#refusal")
    assert refusal.inner_text().startswith(overlap)
    assert page.locator("#refusal-rule").get_attribute("href") == rule
    assert page.locator("#refusal-rule").inner_text() == say(language, "Read the rule")
    assert driver.attempt_state(attempt.pk)[0].version == version  # nothing recorded
    screen("illegal-refused")

    page.locator("#refusal-rule").click()
    page.wait_for_url(re.compile(r"/reference/spirits/#placing-the-spirit-tile$"))
    assert page.locator("#placing-the-spirit-tile").is_visible()
    screen("refusal-rule")

    # Switch language mid-mission: the next table is in the other language, the game unchanged.
    page.go_back()
    page.wait_for_selector(f'#status[data-version="{version}"]')
    page.locator("#language").select_option(other)
    page.wait_for_function(f"document.documentElement.lang === '{other}'")
    page.wait_for_selector(f'#status[data-version="{version}"]')
    assert page.locator("#status .phase").inner_text() == say(other, "Place the Spirit tile")
    assert driver.attempt_state(attempt.pk)[0].version == version
    screen("switched", lang=other)
