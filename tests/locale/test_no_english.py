"""No English on a Portuguese or Catalan page: every page of the project, listed from the URLconf,
rendered for a member of a group with data in every game (an adventure with an Automa mission,
rewards, history, the play log, a Bonfire game with refused moves, a Solsticio game with a refused
move, statistics), with the not-found page and the pages someone signed out reads, in English,
Brazilian Portuguese and Catalan. What a reader sees (the text outside scripts and styles, the
buttons' values, and the ``aria-label``, ``title``, ``placeholder`` and ``alt`` attributes) is
compared: three words in a row, or a single word the English catalog translates, that read the
same on the English page and on the other language's page are English left untranslated, unless
a short list says why (``ALLOWED``: names; ``ALLOWED_ON``: a text of one page; ``SAME_WORD``: a
word the other language writes the same way)."""

from __future__ import annotations

import datetime
import re
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings
from django.template.base import Template
from django.urls import reverse
from django.utils import timezone

from campaign import backups, deleting
from campaign import services as campaign_services
from campaign.table import services as table
from games import playlog, playstats
from games.bonfire import services as bonfire_services
from games.content.bonfire import default_content
from games.models import BonfireSeat, CatalogGame, Person, SolsticioGame
from games.reference.documents import GAMES
from games.rules import spirits
from games.rules.solsticio import from_json
from games.solsticio import services as solsticio_services
from groups.models import Role
from stats import services as stats_services
from stats.models import Scope
from tests.campaign.table_helpers import RIVER
from tests.factories import AdventureFactory, GroupFactory, MembershipFactory, log_attempt
from tests.games.rules.solsticio.factories import ANA, BRU, play
from tests.support.counts import report
from tests.support.seats import TableClient
from tests.support.solsticio import post_move
from tests.support.world import routes, url_for

LANGUAGES = ("pt-br", "ca")
CATALOGS = {"pt-br": "pt_BR", "ca": "ca"}
ROOT = Path(settings.BASE_DIR)

# URL patterns that are no page a person reads, each with the reason it is not crawled.
SKIPPED = {
    # Downloads: a file, not a page.
    "campaign:export": "a JSON download",
    "campaign:group-export": "a JSON download",
    "games:export": "a CSV download",
    "campaign:backup-download": "a gzip download",
    "manifest": "the web app manifest (JSON)",
    "service_worker": "the service worker (JavaScript)",
    "healthz": "a health check for the load balancer",
    # Event streams and their version probes: read by scripts, never shown.
    "table:stream": "a server-sent event stream",
    "table:version": "a version number for the page's script",
    "bonfire:stream": "a server-sent event stream",
    "bonfire:version": "a version number for the page's script",
    "solsticio:stream": "a server-sent event stream",
    "solsticio:version": "a version number for the page's script",
    # POST only: a GET answers 405 and shows nothing.
    "table:move": "POST only",
    "table:undo": "POST only",
    "table:abandon": "POST only",
    "table:seat": "POST only",
    "bonfire:finish": "POST only",
    "bonfire:undo": "POST only",
    "bonfire:abandon": "POST only",
    "bonfire:seat-bind": "POST only",
    "bonfire:move": "POST only",
    "solsticio:move": "POST only",
    "solsticio:undo": "POST only",
    "solsticio:abandon": "POST only",
    "solsticio:reveal": "POST only",
    "solsticio:open": "POST only",
    "campaign:note-add": "POST only",
    "campaign:reveal": "POST only",
    "games:stats-recompute": "POST only",
    "stats:recompute": "POST only",
    "games:import-retry": "POST only",
    "groups:invite-create": "POST only",
    "groups:rename": "POST only (the form is on the group's page)",
    "groups:invite-revoke": "POST only",
    "groups:member-role": "POST only",
    "groups:deleted-restore": "POST only (the button on Recently deleted)",
    "set_language": "POST only (the language switcher)",
    "logout": "POST only",
    # Pages that need what the crawl cannot make without a file or an e-mail.
    "games:import-preview": "needs an uploaded BG Stats file (tests/games/test_playlog_import.py)",
    "games:import-progress": "needs an uploaded BG Stats file (tests/games/test_playlog_import.py)",
    "password_reset_confirm": "needs a token from an e-mail",
    "groups:join": "a link for someone not in the group yet",
}
# The staff's admin: no page of the app's users.
SKIPPED_PREFIXES = {"admin:": "the staff's admin, Django's own pages"}

# Names that read the same in every language, each with why: a name is no word of a run, nor a
# single word.
ALLOWED = {
    # Names: of the product, the games, the people of the crawl.
    "Questlog": "the product's name",
    "Bonfire": "a game's name, kept in every language (docs/glossary.md)",
    "Solsticio": "a game's name, kept in every language (docs/glossary.md)",
    "BG Stats": "another app's name",
    "Ana": "a player's name",
    "Ben": "a player's name",
    "Bru": "a player's name",
    "Cy": "a player's name",
    "Automa": "the game's word for the robot player, kept in every language (docs/glossary.md)",
    "Kakapo": "a component's name, kept in every language (docs/glossary.md)",
    "JSON": "a file format's name",
    "questlog-adventure": "a file format's name (docs/formats/)",
}
# Texts allowed on one page only, or on any page (``None``): a pattern and why.
ALLOWED_ON = {
    None: [
        (r"[A-Z][A-Za-z_]+(/[A-Za-z_+-]+)+", "a time zone's IANA name, as browsers know it"),
    ],
    "bonfire:games": [
        (
            r"\{.*\}",
            'the content JSON under the new-game form\'s "Advanced: custom content", which the '
            "group edits as it is",
        ),
    ],
}
# Words each language writes as English does, though the catalog translates them elsewhere.
SAME_WORD = {
    "pt-br": {
        "link": "Portuguese says “link” too (“link de convite”)",
        "move": "a Portuguese verb too (“um passo move um Guardião”)",
    },
    "ca": {},
}


# What the English pages show of the data made (in a text of a page): the crawl reads what it
# claims to.
CRAWLED = {
    "Automa plays this card",  # the table in the Automa's turn, its face-up cards
    "Totem: unlocks a Power space on the board.",  # the rewards (the adventure's reference)
    "Row 0, column 0 is outside your Destiny Area.",  # Bonfire's refusals, B1
    "It is Ana’s turn.",
    "is not in Ana’s hand (S1).",  # Solsticio's refusal
    "This move is not understood: check “From the supply's”.",
    "Questlog sample campaign",  # the campaign game in the play log, by its pack's name
    "Plays of each game",  # the play log's statistics
}


@dataclass
class Crawl:
    owner: Any
    values: dict[str, Any]
    variants: dict[str, list[dict[str, Any]]]
    seats: list[BonfireSeat]
    solsticio: SolsticioGame
    unreadable: list[tuple[str, str, int]] = field(default_factory=list)


def make_group() -> Crawl:
    """A group with data in every game, its owner signed in for the crawl."""
    group = GroupFactory(name="Zeta")
    owner = MembershipFactory(group=group, role=Role.OWNER).user
    player = MembershipFactory(group=group, role=Role.PLAYER)
    for user, name in ((owner, "marta"), (player.user, "joana")):  # no English in a name
        user.username = name
        user.save(update_fields=["username"])
    adventure = AdventureFactory(group=group, name="Alfa", by=owner)
    # History with rewards: missions 1 and 2 won (mission 2 gives a Totem), a failure with a note.
    log_attempt(adventure, by=owner, players=["Ana", "Ben"])
    log_attempt(adventure, by=owner, players=["Ana", "Ben"])
    log_attempt(adventure, result="failure", by=owner, players=["Ana", "Ben"])
    campaign_services.add_note(attempt=adventure.attempts.get(number=3), author=owner, text="Uau!")
    campaign_services.add_override(
        adventure=adventure, kind="open-envelope", target="A", reason="Ok.", by=owner
    )
    # The Automa's mission at the table: two players and the Automa's four face-up cards.
    attempt = table.begin_mission(
        adventure=adventure,
        by=owner,
        players=["Ana", "Ben"],
        first_player="Ana",
        trump="blue",
        automa_river=RIVER,
    )
    # Ana plays a card and takes it back (the audit names the card); then Ana and Ben play a card
    # each: the Automa's turn, its face-up cards to choose from.
    move = spirits.legal_moves(table.state_of(attempt))[0]
    table.submit_move(attempt=attempt, move=move, version=attempt.version, by=owner)
    attempt.refresh_from_db()
    table.undo_last_move(attempt=attempt, version=attempt.version, by=owner)
    while table.state_of(attempt).phase != "automa":
        attempt.refresh_from_db()
        move = spirits.legal_moves(table.state_of(attempt))[0]
        table.submit_move(attempt=attempt, move=move, version=attempt.version, by=owner)
    attempt.refresh_from_db()
    # The play log: a game of the catalog played by hand (the attempts are plays of their own).
    playlog.ensure_catalog(group=group)
    game = CatalogGame.objects.get(group=group, builtin="bonfire")
    play = playlog.log_play(
        group=group,
        data=playlog.PlayData(
            game=game,
            played_at=timezone.now() - datetime.timedelta(days=1),
            lines=[
                playlog.LineData(name="Ana", score=12, winner=True),
                playlog.LineData(name="Ben", score=9),
            ],
        ),
        by=owner,
    )
    # Recently deleted: a deleted adventure (named without English) and a deleted play.
    gone = AdventureFactory(group=group, name="Beta", by=owner)
    deleting.delete_adventure(adventure=gone, by=owner)
    deleted_play = playlog.log_play(
        group=group,
        data=playlog.PlayData(
            game=game,
            played_at=timezone.now() - datetime.timedelta(days=2),
            lines=[playlog.LineData(name="Ana", score=3), playlog.LineData(name="Ben", score=4)],
        ),
        by=owner,
    )
    playlog.delete_play(play=deleted_play, by=owner)
    # Bonfire, with a refused move kept for the seat's page.
    bonfire = bonfire_services.start_play(
        group=group,
        by=owner,
        name="Zeta 2",
        players=["Ana", "Ben", "Cy"],
        content=default_content(),
    )
    seats = [BonfireSeat.objects.get(play=bonfire, name=name) for name in ("Ana", "Ben", "Cy")]
    # Solsticio.
    solsticio = solsticio_services.start_solsticio_game(
        group=group, players=(ANA, BRU), seed=7, by=owner
    )
    # Statistics (the campaign's, the play log's), and a recompute job (its progress page).
    stats_services.drain_outbox()
    playstats.recompute(group_id=group.pk)
    job = stats_services.request_recompute(scope=Scope.GROUP, scope_id=group.pk)
    backup = backups.backup_group(group_id=group.pk)  # its list and its restore's preview
    assert backup is not None
    values = {
        "group_id": group.pk,
        "adventure_id": adventure.pk,
        "number": attempt.number,
        "play_id": play.pk,
        "member_id": player.pk,
        "game_id": solsticio.pk,
        "job_id": job.pk,
        "backup_id": backup.pk,
    }
    campaign_game = CatalogGame.objects.get(group=group, builtin="campaign")
    # Routes read more than once, each time with these values instead.
    variants = {
        # The attempts: won with a reward, failed with a note; the one at the table is open.
        **{
            f"campaign:{name}": [{"number": 2}, {"number": 3}]
            for name in ("attempt", "attempt-edit", "attempt-delete")
        },
        "games:game-stats": [{"pk": game.pk}, {"pk": campaign_game.pk}],
        "games:player-stats": [{"pk": Person.objects.get(group=group, name="Ana").pk}],
        "reference:game": [{"game": name} for name in GAMES],
        # ``play_id`` names a Bonfire game there; a seat's page for each seat.
        **{
            f"bonfire:{name}": [{"play_id": bonfire.pk}]
            for name in ("games", "rules", "play", "finish", "undo", "abandon", "seat-bind")
        },
        "bonfire:seat": [{"play_id": bonfire.pk, "seat_id": seat.pk} for seat in seats],
    }
    return Crawl(owner=owner, values=values, variants=variants, seats=seats, solsticio=solsticio)


class Visible(HTMLParser):
    """The texts a reader sees: each text node outside scripts and styles, and the attributes
    read aloud or shown on hover or in an empty field."""

    ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
    HIDDEN = {"script", "style", "template"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        for name, value in attrs:
            if name in self.ATTRIBUTES and value and value.strip():
                self.texts.append(" ".join(value.split()))
        if tag == "input" and dict(attrs).get("type") in {"submit", "button"}:
            value = dict(attrs).get("value")
            if value:
                self.texts.append(" ".join(value.split()))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.texts.append(" ".join(data.split()))


def visible(body: str) -> list[str]:
    parser = Visible()
    parser.feed(body)
    parser.close()
    return parser.texts


TOKEN = re.compile(r"[\w’'·-]+")
# A word: letters, with apostrophes, Catalan's ela geminada and hyphens inside; an id such as
# ``blue-3`` reads as the word "blue"; a token with other digits (a file's name) is no word.
WORD = re.compile(r"([^\W\d_]+(?:[’'·-][^\W\d_]+)*)(?:-\d+)?")


def tokens(text: str) -> list[str | None]:
    """The text's tokens in order: each word, or None for a token that is no word."""
    return [m.group(1) if (m := WORD.fullmatch(t)) else None for t in TOKEN.findall(text)]


def words(text: str) -> list[str]:
    return [word for word in tokens(text) if word]


def without_allowed(text: str) -> str:
    for name in sorted(ALLOWED, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " · ", text)
    return text


def runs(text: str) -> set[tuple[str, ...]]:
    """Each run of three words in a row (a name of ``ALLOWED`` breaks a run)."""
    found = set()
    for part in re.split(r"[·:;()\[\]{}|/«»“”\"]", without_allowed(text)):
        found.update(
            run for run in zip(*(tokens(part)[i:] for i in range(3)), strict=False) if all(run)
        )
    return found


def translated_words(language: str) -> set[str]:
    """The single words (three letters or more) of the English catalog that ``language`` writes
    otherwise."""
    catalog = polib.pofile(str(ROOT / "locale" / CATALOGS[language] / "LC_MESSAGES" / "django.po"))
    found = set()
    for entry in catalog:
        if entry.msgid_plural or not entry.msgstr or entry.obsolete:
            continue
        word = entry.msgid.casefold()
        if re.fullmatch(r"[a-z]{3,}", word) and entry.msgstr.casefold() != word:
            found.add(word)
    return found - {name.casefold() for name in ALLOWED} - set(SAME_WORD[language])


def allowed_on(route: str, text: str) -> bool:
    patterns = ALLOWED_ON[None] + ALLOWED_ON.get(route, [])
    return any(re.fullmatch(pattern, text) for pattern, _ in patterns)


def english_left(
    route: str, english: list[str], other: list[str], catalog_words: set[str]
) -> list[tuple[str, str]]:
    """The texts of ``other`` that show something of ``english`` unchanged, and what."""
    english = [t for t in english if not allowed_on(route, t)]
    english_runs = set().union(*map(runs, english)) if english else set()
    english_words = {w.casefold() for text in english for w in words(without_allowed(text))}
    left = []
    for text in other:
        if allowed_on(route, text):
            continue
        same_runs = runs(text) & english_runs
        same_words = {
            w
            for w in map(str.casefold, words(without_allowed(text)))
            if w in catalog_words and w in english_words
        }
        if same_runs or same_words:
            same = sorted(" ".join(run) for run in same_runs) + sorted(same_words)
            left.append((text, ", ".join(same)))
    return left


NOT_FOUND = "not found"
SIGNED_OUT = ("home", "login", "signup", "password_reset")


def crawl_urls(crawl: Crawl) -> list[tuple[str, str]]:
    """Each page to read: its route's name and URL."""
    urls = []
    for route in routes():
        if route.name in SKIPPED or any(route.name.startswith(p) for p in SKIPPED_PREFIXES):
            continue
        for variant in crawl.variants.get(route.name, [{}]):
            url = url_for(route, {**crawl.values, **variant})
            assert url is not None, f"{route.name}: no value for its parameters: add one or skip it"
            urls.append((route.name, url))
    # The page a reader meets at a URL that names nothing (404).
    urls.append((NOT_FOUND, reverse("groups:detail", args=[crawl.values["group_id"] + 1000])))
    return urls


def refuse_bonfire_moves(client: TableClient, crawl: Crawl, language: str) -> None:
    """Three refused moves, each kept for its seat's page: Ana places a Destiny tile outside her
    Destiny Area (B1), Ben ends Ana's turn, Cy sends a placement without its fields."""
    ana, ben, cy = crawl.seats
    refused = [
        (ana, {"kind": "place_destiny", "end": "top", "row": 0, "col": 0}),
        (ben, {"kind": "end_turn"}),
        (cy, {"kind": "place_destiny"}),
    ]
    for seat, move in refused:
        url = reverse("bonfire:move", args=[seat.play.group_id, seat.play_id, seat.pk])
        response = client.post(url, {"version": 0, **move}, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 302


def refuse_a_solsticio_move(client: TableClient, crawl: Crawl, language: str) -> None:
    """Ana plays a tile of Bru's hand (S2): refused, said once on the game's page."""
    game = crawl.solsticio
    bru_tile = from_json(game.document).hands[1][0]
    response = post_move(client, game, play(ANA, bru_tile), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302


def page_texts(
    client: TableClient, crawl: Crawl, language: str
) -> dict[str, tuple[str, list[str]]]:
    """What each page shows in ``language``, by URL, with its route's name."""
    found = {}
    refuse_bonfire_moves(client, crawl, language)
    refuse_a_solsticio_move(client, crawl, language)
    for name, url in crawl_urls(crawl):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        expected = {404} if name == NOT_FOUND else {200, 286, 302}  # 286: a job's last answer
        if response.status_code not in expected:
            crawl.unreadable.append((name, url, response.status_code))
            continue
        if response.status_code == 302 or "html" not in response.get("Content-Type", ""):
            continue
        found[url] = (name, visible(response.content.decode()))
    # The pages someone not signed in reads: the welcome, signing up, logging in.
    visitor = TableClient()
    for name in SIGNED_OUT:
        url = reverse(name)
        response = visitor.get(url, HTTP_ACCEPT_LANGUAGE=language)
        if response.status_code != 200:
            crawl.unreadable.append((name, url, response.status_code))
            continue
        found[f"{url} (signed out)"] = (name, visible(response.content.decode()))
    return found


@pytest.mark.parametrize(
    ("english", "other", "left"),
    [
        ("Totem: unlocks a Power space.", "Totem: unlocks a Power space.", "unlocks a Power"),
        ("Save the name", "Desa el nom", ""),
        ("Move", "Move", "move"),  # a word the catalog translates
        ("Reading: Ana, Ben and Cy", "Leitura: Ana, Ben e Cy", ""),  # names break a run
        ("Europe/Lisbon", "Europe/Lisbon", ""),  # ALLOWED_ON
    ],
)
def test_english_left_on_a_page_is_found(english, other, left):
    found = english_left("x", [english], [other], translated_words("ca"))
    assert bool(found) == bool(left)
    assert all(left in same for _, same in found)


@pytest.fixture
def untimed_templates(monkeypatch):
    """Templates rendered as in production: the test environment's instrumented render, which
    copies every context for ``response.context`` (unused here), doubles the crawl's time."""
    monkeypatch.setattr(Template, "_render", lambda self, context: self.nodelist.render(context))


@pytest.mark.django_db
@pytest.mark.usefixtures("untimed_templates")
def test_no_english_on_a_portuguese_or_catalan_page():
    started = time.monotonic()
    crawl = make_group()
    client = TableClient()
    client.force_login(crawl.owner)
    english = page_texts(client, crawl, "en")
    assert crawl.unreadable == [], "pages that did not answer: skip them with a reason, or fix"
    shown = "\n".join(text for _, texts in english.values() for text in texts)
    missed = [claim for claim in CRAWLED if claim not in shown]
    assert missed == [], f"the crawl misses what it is meant to read: {missed}"
    problems = []
    for language in LANGUAGES:
        catalog_words = translated_words(language)
        pages = page_texts(client, crawl, language)
        assert set(pages) == set(english)
        for url, (route, texts) in pages.items():
            for left, same in english_left(route, english[url][1], texts, catalog_words):
                problems.append(f"{language} {url}: [{same}] {left[:160]}")
    seconds = time.monotonic() - started
    assert problems == [], f"{len(problems)} English texts:\n" + "\n".join(problems)
    report("no English", f"{len(english)} pages × 3 languages in {seconds:.1f} s, 0 English")
