"""Finishing a Bonfire turn-helper game: one play of the catalog's "Bonfire" in the group's play
log, each seat a line, linked both ways; the game read-only afterwards; never two plays."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from games.bonfire import services
from games.bonfire.services import FinalScore
from games.content.bonfire import default_content
from games.models import (
    BonfirePlay,
    BonfireSeat,
    BuiltinGame,
    Person,
    Play,
    PlayAudit,
    PlayerResult,
    PlaySource,
    PlayStatsSnapshot,
)
from groups.models import Membership, Role
from tests.factories import UserFactory
from tests.support.pages import element_attribute, element_text, text


@pytest.fixture
def game(group, owner):
    return services.start_play(
        group=group,
        by=owner,
        name="Friday",
        players=["Ana", "Ben", "Cora"],
        content=default_content(),
    )


def scores(*values: str | int, winners: tuple[int, ...] = ()) -> list[FinalScore]:
    return [FinalScore(score=Decimal(str(v)), winner=i in winners) for i, v in enumerate(values)]


def finish_url(game: BonfirePlay) -> str:
    return reverse("bonfire:finish", args=[game.group_id, game.pk])


def finish_data(game: BonfirePlay, **fields: object) -> dict[str, object]:
    return {
        "version": game.version,
        "score_0": "31",
        "score_1": "12+7+3",
        "score_2": "18",
        **fields,
    }


def test_finishing_writes_one_play_with_each_seat(game, owner) -> None:
    Person.objects.create(group=game.group, name="ANA")  # already at the group's table
    play = services.finish_play(
        play=game, version=0, scores=scores(31, 22, 18), by=owner, duration_minutes=75
    )
    assert play.game.builtin == BuiltinGame.BONFIRE
    assert play.game.name == "Bonfire"
    assert play.source == PlaySource.BONFIRE
    assert play.duration_minutes == 75
    assert play.group_won is None  # Bonfire is competitive
    lines = list(PlayerResult.objects.filter(play=play).select_related("person"))
    assert [(r.seat, r.person.name, r.score, r.winner, r.start_player) for r in lines] == [
        (0, "ANA", Decimal(31), True, True),
        (1, "Ben", Decimal(22), False, False),
        (2, "Cora", Decimal(18), False, False),
    ]
    assert Person.objects.filter(group=game.group).count() == 3
    assert Person.objects.get(group=game.group, name="Ben").user is None  # a guest
    game.refresh_from_db()
    assert game.finished_at is not None
    assert game.play == play
    assert play.bonfire_game == game
    assert PlayAudit.objects.filter(play=play).count() == 1
    assert PlayStatsSnapshot.objects.get(group=game.group).stale


def test_seat_named_like_a_member_is_that_member(game, owner) -> None:
    member = UserFactory(username="cora")
    Membership.objects.create(group=game.group, user=member, role=Role.PLAYER)
    play = services.finish_play(play=game, version=0, scores=scores(1, 2, 3), by=owner)
    assert play.results.get(seat=2).person.user == member


def test_winners_ticked_or_the_highest_score(game, owner) -> None:
    """Ties share the win when no winner is ticked; ticked winners are kept as entered."""
    assert services.winners(scores(20, 20, 5)) == [True, True, False]
    assert services.winners(scores(20, 20, 5, winners=(1,))) == [False, True, False]
    play = services.finish_play(
        play=game, version=0, scores=scores(20, 20, 5, winners=(1,)), by=owner
    )
    assert [r.winner for r in play.results.all()] == [False, True, False]


def test_finishing_twice_writes_one_play(game, owner) -> None:
    services.finish_play(play=game, version=0, scores=scores(1, 2, 3), by=owner)
    with pytest.raises(services.GameFinished):
        services.finish_play(play=game, version=1, scores=scores(9, 9, 9), by=owner)
    assert Play.objects.filter(group=game.group).count() == 1
    assert [r.score for r in Play.objects.get().results.all()] == [1, 2, 3]


def test_a_stale_board_finishes_nothing(game, owner) -> None:
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    services.submit_move(seat=ana, version=0, move={"kind": "end_turn"})
    with pytest.raises(services.StaleGame):
        services.finish_play(play=game, version=0, scores=scores(1, 2, 3), by=owner)
    game.refresh_from_db()
    assert game.finished_at is None
    assert not Play.objects.exists()
    assert not PlayerResult.objects.exists()


def test_a_finished_game_takes_no_move(game, owner) -> None:
    services.finish_play(play=game, version=0, scores=scores(1, 2, 3), by=owner)
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    before = ana.document
    with pytest.raises(services.GameFinished):
        services.submit_move(seat=ana, version=0, move={"kind": "end_turn"})
    ana.refresh_from_db()
    assert ana.document == before
    assert ana.version == 0


# --- Pages -----------------------------------------------------------------------------------


def test_finish_page_links_both_ways(client, game, player) -> None:
    client.force_login(player)
    done = client.post(finish_url(game), finish_data(game, winner_1="on", duration_minutes="50"))
    play = Play.objects.get(group=game.group)
    assert done.status_code == 302
    assert done["Location"] == reverse("games:play", args=[game.group_id, play.pk])
    page = client.get(done["Location"])
    assert element_attribute(page, "bonfire-game-link", "href") == reverse(
        "bonfire:play", args=[game.group_id, game.pk]
    )
    assert "Game finished: its play is in the play log." in text(page)
    assert [(r.score, r.score_text, r.winner) for r in play.results.all()] == [
        (Decimal(31), "", False),
        (Decimal(22), "12+7+3", True),
        (Decimal(18), "", False),
    ]
    helper = client.get(reverse("bonfire:play", args=[game.group_id, game.pk]))
    assert element_attribute(helper, "play-link", "href") == play.get_absolute_url()
    assert element_text(helper, "finish") is None  # no second finish form
    history = client.get(reverse("games:history", args=[game.group_id]))
    assert "from the Bonfire turn helper" in text(history)


def test_second_device_finishing_is_told_and_adds_nothing(client, game, player) -> None:
    client.force_login(player)
    data = finish_data(game)
    client.post(finish_url(game), data)
    again = client.post(finish_url(game), {**data, "score_0": "99"})
    assert again.status_code == 302
    assert again["Location"] == reverse("bonfire:play", args=[game.group_id, game.pk])
    assert str(services.FINISHED) in text(client.get(again["Location"]))
    assert Play.objects.count() == 1
    assert Play.objects.get().results.get(seat=0).score == 31


def test_finished_game_is_read_only_on_its_pages(client, game, player) -> None:
    client.force_login(player)
    client.post(finish_url(game), finish_data(game))
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    seat_url = reverse("bonfire:seat", args=[game.group_id, game.pk, ana.pk])
    page = client.get(seat_url)
    assert "its boards are kept as the play's record" in element_text(page, "finished")
    assert element_text(page, "moves") is None
    move = client.post(seat_url + "move/", {"version": 0, "kind": "end_turn"})
    assert move.status_code == 302
    assert str(services.FINISHED) in text(client.get(move["Location"]))
    ana.refresh_from_db()
    assert ana.version == 0


def test_bad_scores_are_shown_at_their_field(client, game, player) -> None:
    client.force_login(player)
    posted = client.post(finish_url(game), finish_data(game, score_1="12+", score_2=""))
    assert posted.status_code == 302  # Post/Redirect/Get: a reload of the page re-posts nothing
    page = client.get(posted["Location"])
    assert element_attribute(page, "id_score_1", "value") == "12+"  # as typed
    assert element_text(page, "id_score_1_errors") == ("Type a number or a sum such as 12+7+3.")
    assert element_text(page, "id_score_2_errors") == "Enter this player's final score."
    assert element_text(page, "id_score_0_errors") is None
    assert element_text(client.get(posted["Location"]), "id_score_1_errors") is None  # said once
    game.refresh_from_db()
    assert game.finished_at is None
    assert not Play.objects.exists()


def test_stale_finish_form_is_shown_again(client, game, player) -> None:
    client.force_login(player)
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    services.submit_move(seat=ana, version=0, move={"kind": "end_turn"})
    page = client.post(finish_url(game), finish_data(game, version=0))
    assert page.status_code == 302
    assert str(services.STALE_GAME) in text(client.get(page["Location"]))
    assert not Play.objects.exists()


def test_another_groups_game_is_404_and_viewers_cannot_finish(
    client, game, outsider, viewer
) -> None:
    client.force_login(outsider)
    assert client.post(finish_url(game), finish_data(game)).status_code == 404
    assert client.get(reverse("bonfire:play", args=[game.group_id, game.pk])).status_code == 404
    other = Membership.objects.get(user=outsider).group
    wrong_group = reverse("bonfire:finish", args=[other.pk, game.pk])
    assert client.post(wrong_group, finish_data(game)).status_code == 404
    client.force_login(viewer)
    assert client.post(finish_url(game), finish_data(game)).status_code == 403
    assert not Play.objects.exists()


def test_deleting_the_play_keeps_the_finished_game(client, game, player) -> None:
    client.force_login(player)
    client.post(finish_url(game), finish_data(game))
    play = Play.objects.get()
    url = reverse("games:delete", args=[game.group_id, play.pk])
    assert client.post(url, {"confirm": "1"}).status_code == 302
    game.refresh_from_db()
    assert game.finished_at is not None
    assert game.play is None
    page = client.get(reverse("bonfire:play", args=[game.group_id, game.pk]))
    assert "Its play was deleted from the play log." in element_text(page, "finished")


def test_a_group_with_a_finished_game_can_be_deleted(game, owner) -> None:
    services.finish_play(play=game, version=0, scores=scores(1, 2, 3), by=owner)
    game.group.delete()
    assert not BonfirePlay.objects.exists()
    assert not Play.objects.exists()
    assert not Person.objects.exists()


def free_destiny_cells(page) -> list[tuple[int, int]]:
    return [
        (cell["row"], cell["col"])
        for row in page.context["screen"]["destiny"]["grid"]
        for cell in row
        if cell["legal"]
    ]


def test_a_finished_game_offers_no_free_destiny_cell(client, game, player) -> None:
    """While the game runs, the Destiny Area marks where a tile may go; once finished, nothing is
    placed any more, so no cell is drawn as free."""
    client.force_login(player)
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    seat_url = reverse("bonfire:seat", args=[game.group_id, game.pk, ana.pk])
    assert free_destiny_cells(client.get(seat_url))
    client.post(finish_url(game), finish_data(game))
    page = client.get(seat_url)
    assert element_text(page, "finished") is not None
    assert free_destiny_cells(page) == []
    assert element_text(page, "my-destiny") is not None
