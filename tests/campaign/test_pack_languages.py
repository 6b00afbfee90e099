"""The content pack's names and texts in the reader's language, on every page that shows them, and
never an internal id in their place (a Mission tile's id, a Spirit card's id)."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from campaign import services
from campaign.table import services as table
from games import playstats
from games.models import Play
from groups.models import Role
from tests.factories import AdventureFactory, MembershipFactory, log_attempt

pytestmark = pytest.mark.django_db

TAG = re.compile(r"<[^>]+>")
TILE_IDS = ("standing-stone", "moss-pool", "fox-den", "log-bridge", "elder-tree", "sky-nest")


@pytest.fixture
def member():
    return MembershipFactory(role=Role.OWNER)


@pytest.fixture
def adventure(member):
    return AdventureFactory(group=member.group)


def page(member, url: str, language: str) -> tuple[str, str]:
    """(the page's HTML, its text without tags) as a reader of ``language`` gets it."""
    client = Client()
    client.force_login(member.user)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    return html, unescape(TAG.sub(" ", html))


def adventure_url(name: str, adventure, *args) -> str:
    return reverse(f"campaign:{name}", args=[adventure.group_id, adventure.pk, *args])


def test_the_dashboard_shows_the_pack_in_the_readers_language(member, adventure):
    _, text = page(member, adventure_url("dashboard", adventure), "ca")
    assert "Primera llum a la clariana" in text  # Mission 1's name
    assert "Sobre blanc A" in text
    assert "Sobre negre: lluna plena" in text
    assert "Espai de la Llar" in text  # the Power space unlocked at start
    assert "Contingut d’exemple escrit per a Questlog" in text  # the sample notice
    assert "First Light in the Glade" not in text
    assert "White envelope A" not in text


def test_the_spoiler_safe_reference_shows_names_in_the_readers_language(member, adventure):
    _, text = page(member, adventure_url("reference", adventure), "pt-BR")
    assert "Primeira luz na clareira" in text  # Mission 1, reached
    assert "Envelope preto: quarto crescente" in text
    # Mission 2, not reached: its name stays hidden, in every language
    assert "O recado da raposa" not in text
    assert "The Fox's Errand" not in text


def test_the_table_names_mission_tiles_never_by_id(member, adventure):
    """Issue: objectives read "Surround standing-stone" and the board's tooltips "Mission tile
    standing-stone"; both now name the tile from the pack, in the reader's language."""
    setup_url = reverse("table:setup", args=[adventure.group_id, adventure.pk])
    html, text = page(member, setup_url, "pt-BR")
    assert "Primeira luz na clareira" in text
    assert "Pedra Erguida" in text
    assert not any(tile in text for tile in TILE_IDS)
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )
    table_url = reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number])
    html, text = page(member, table_url, "pt-BR")
    assert "Pedra Erguida" in text
    assert "Cerque a Pedra Erguida" in text
    tooltips = " ".join(re.findall(r'title="([^"]*)"', html))
    assert "Pedra Erguida" in tooltips
    assert not any(tile in text or tile in tooltips for tile in TILE_IDS)
    html, english = page(member, table_url, "en")
    assert "Surround Standing Stone" in english
    assert "Mission tile Standing Stone (surround it)" in html


def test_what_an_attempt_changed_reads_in_the_readers_language(member, adventure):
    """The engine words each change once in English; the attempt keeps it as a code with the
    pack's names in every language, and its page says it in the reader's language (seed 003,
    "Rewards": Mission 4's White Envelope)."""
    for _mission in range(4):
        outcome = log_attempt(adventure, by=member.user)
    assert "envelope-opened" in [c.kind for c in outcome.changes]
    _, text = page(member, adventure_url("attempt", adventure, 4), "pt-BR")
    assert "Envelope branco A aberto: a recompensa de uma missão." in text
    assert "Missão 4 concluída." in text
    assert "White envelope A" not in text
    assert "completed." not in text
    _, english = page(member, adventure_url("attempt", adventure, 4), "en")
    assert "White envelope A opened: a mission's reward." in english


def test_a_correction_preview_reads_in_the_readers_language(member, adventure):
    """Undoing Mission 2's success (seed 003, "Rewards": its Totem unlocks a Power space) takes
    back what followed; the preview says so in Catalan with the pack's names."""
    from tests.campaign.test_views import log_form

    for _mission in range(4):
        log_attempt(adventure, by=member.user)
    client = Client()
    client.force_login(member.user)
    url = adventure_url("attempt-edit", adventure, 2)
    adventure.refresh_from_db()
    data = log_form(adventure, mission="2", result="failure", failure_reason="coloured-edge")
    data |= {"log_version": adventure.log_version}
    preview = client.post(url, data, headers={"HX-Request": "true"}, HTTP_ACCEPT_LANGUAGE="ca")
    said = unescape(TAG.sub(" ", preview.content.decode()))
    assert "Espai de Poder Espai del Bosquet: ja no és desbloquejat" in said
    assert "Sobre blanc A: ja no és obert" in said
    assert "Missió següent: Missió 5 → Missió 2" in said
    assert "no longer" not in said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("pt-br", "O envelope vermelho só abre depois que a Missão 22 for cumprida."),
        ("ca", "El sobre vermell només s’obre un cop completada la Missió 22."),
    ],
)
def test_a_refused_override_reads_in_the_readers_language(member, adventure, language, said):
    """Seed 003, "The envelopes": the red envelope waits for the last mission; the refusal of
    opening it by hand is said in the reader's language, next to the field it is about."""
    client = Client()
    client.force_login(member.user)
    refused = client.post(
        adventure_url("override-new", adventure),
        {"kind": "open-envelope", "target": "red", "reason": "why not"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'id="id_target_errors"' in html
    assert said in unescape(TAG.sub(" ", html))


def test_a_finished_adventures_table_setup_refuses_in_the_readers_language(member, adventure):
    """Seed 003, "The envelopes": Mission 22 ends the adventure; starting another is refused in
    the reader's language (these words came from the rules engine, in English, before)."""
    from django.utils import translation

    from campaign.services import CampaignError, current_state

    while current_state(adventure).current_mission is not None:
        log_attempt(adventure, by=member.user)
    with translation.override("pt-br"), pytest.raises(CampaignError) as refused:
        table.begin_mission(adventure=adventure, by=member.user, players=["Ana", "Ben", "Cy"],
                            first_player="Ana")  # fmt: skip
    assert str(refused.value) == "Esta aventura terminou: a Missão 22 foi cumprida."


def test_an_override_written_in_english_names_its_envelope_in_the_readers_language(
    member, adventure
):
    """The audit line of an override keeps the envelope's name in each of the pack's languages."""
    with translation.override("en"):
        services.add_override(
            adventure=adventure, kind="open-envelope", target="A", reason="ok", by=member.user
        )
    for language, name in (("pt-BR", "Envelope branco A"), ("ca", "Sobre blanc A")):
        _, text = page(member, adventure_url("audit", adventure), language)
        assert f"{name}: ok" in text
        assert "White envelope A" not in text


@pytest.mark.parametrize(
    ("language", "rewards"),
    [
        ("pt-BR", ["Totem: desbloqueia um espaço de Poder no tabuleiro."]),
        ("ca", ["Tòtem: desbloqueja un espai de Poder del tauler."]),
    ],
)
def test_the_rewards_say_what_they_do_in_the_readers_language(member, adventure, language, rewards):
    """Seed 003, "Rewards": a Totem unlocks a Power space, a Castle gives a Power token, a White
    Envelope opens the envelope of its letter."""
    _, text = page(member, adventure_url("reference", adventure), language)
    for reward in rewards:
        assert reward in text
    assert "unlocks a Power space" not in text


@pytest.mark.parametrize(
    ("language", "name"),
    [
        ("en", "Questlog sample campaign"),
        ("pt-BR", "Campanha de exemplo do Questlog"),
        ("ca", "Campanya d’exemple de Questlog"),
    ],
)
def test_the_play_log_names_the_campaign_game_by_its_pack_in_the_readers_language(
    member, adventure, language, name
):
    """An attempt is a play of the campaign game: the play log, its filter, the play's page, the
    catalog and the statistics call it by the pack's name, never "Questlog campaign"."""
    log_attempt(adventure, by=member.user)
    group = adventure.group
    playstats.recompute(group_id=group.pk)
    play = Play.objects.get(group=group)
    urls = [
        reverse("games:history", args=[group.pk]),
        reverse("games:play", args=[group.pk, play.pk]),
        reverse("games:catalog", args=[group.pk]),
        reverse("games:stats", args=[group.pk]),
        reverse("games:game-stats", args=[group.pk, play.game_id]),
    ]
    for url in urls:
        _, text = page(member, url, language)
        assert name in text, url
        assert "Questlog campaign" not in text, url
