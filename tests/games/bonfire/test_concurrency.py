"""Eight devices of one player posting the same move at once, on real servers (SQLite and
PostgreSQL): exactly one is applied, the others are told the board changed, nothing is lost or
doubled."""

from concurrent.futures import ThreadPoolExecutor

from tests.support.http import WebClient
from tests.support.servers import run_django

DEVICES = 8


def test_devices_of_one_player_at_once(server):
    arranged = run_django(
        server.database_url,
        """
from django.contrib.auth.models import User
from games.bonfire import services
from games.content.bonfire import default_content
from groups.models import Group, Membership
group = Group.objects.create(name="Busy table")
user = User.objects.create_user("ana", password="pass-phrase-x")
Membership.objects.create(group=group, user=user, role="player")
play = services.start_play(group=group, by=user, name="Race", players=["Ana", "Ben"],
                                 content=default_content())
seat = play.seats.get(name="Ana")
result = [f"/groups/{group.pk}/bonfire/{play.pk}/players/{seat.pk}/move/", seat.pk]
""",
    )
    move_url, seat_id = arranged
    seat_page = move_url.removesuffix("move/")
    bind_url = seat_page.split("players/")[0] + "seat/"
    clients = []
    for _ in range(DEVICES):
        client = WebClient(server.url)
        client.log_in("ana", "pass-phrase-x")
        client.post(bind_url, {"seat": "Ana"})  # each phone says it is Ana's
        clients.append(client)

    def device(n):
        return (
            clients[n].post(move_url, {"version": "0", "kind": "build_path", "index": "1"}).status
        )

    with ThreadPoolExecutor(DEVICES) as pool:
        statuses = sorted(pool.map(device, range(DEVICES)))
    assert statuses == [302] * DEVICES  # Post/Redirect/Get: each back to Ana's page
    said = sorted('data-code="stale"' in clients[n].get(seat_page).body for n in range(DEVICES))
    assert said == [False] + [True] * (DEVICES - 1)  # the others were told the board changed
    stored = run_django(
        server.database_url,
        f"""
from games.models import BonfireSeat
seat = BonfireSeat.objects.select_related("play").get(pk={seat_id})
result = [seat.document["path_tokens"], seat.document["tokens"], seat.version, seat.play.version,
          seat.play.board["path_display"][:2]]
""",
    )
    assert stored == [["p01"], 2, 1, 1, ["p02", "p03"]]


def test_devices_finishing_one_game_at_once_write_one_play(server):
    arranged = run_django(
        server.database_url,
        """
from django.contrib.auth.models import User
from games.bonfire import services
from games.content.bonfire import default_content
from groups.models import Group, Membership
group = Group.objects.create(name="Last round")
for name in ("ana", "ben"):
    user = User.objects.create_user(name, password="pass-phrase-x")
    Membership.objects.create(group=group, user=user, role="player")
play = services.start_play(group=group, by=user, name="Final", players=["Ana", "Ben"],
                                 content=default_content())
result = [f"/groups/{group.pk}/bonfire/{play.pk}/finish/", play.pk]
""",
    )
    finish_url, play_id = arranged
    clients = []
    for n in range(DEVICES):
        client = WebClient(server.url)
        client.log_in("ana" if n % 2 else "ben", "pass-phrase-x")
        clients.append(client)

    def device(n):
        reply = clients[n].post(
            finish_url, {"version": "0", "score_0": str(30 + n), "score_1": "20"}
        )
        headers = {k.lower(): v for k, v in reply.headers.items()}
        return reply.status, headers.get("location", "")

    with ThreadPoolExecutor(DEVICES) as pool:
        replies = list(pool.map(device, range(DEVICES)))
    assert {status for status, _ in replies} == {302}
    to_play_log = [where for _, where in replies if "/plays/" in where]
    assert len(to_play_log) == 1  # the others are sent back to the finished game
    stored = run_django(
        server.database_url,
        f"""
from games.models import BonfirePlay, Play
game = BonfirePlay.objects.get(pk={play_id})
result = [Play.objects.count(), game.play_id, game.finished_at is not None,
          [r.person.name for r in game.play.results.all()], game.play.get_absolute_url()]
""",
    )
    count, linked, finished, names, url = stored
    assert (count, finished, names) == (1, True, ["ana", "ben"])
    assert to_play_log[0].endswith(url)
    assert linked is not None
