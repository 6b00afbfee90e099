"""Sixteen devices posting the last moves of one mission at once, on real servers (SQLite and
PostgreSQL): no server error, and the move log stays gap-free and duplicate-free."""

import re
from concurrent.futures import ThreadPoolExecutor

from tests.campaign.table_helpers import planned_moves
from tests.support.http import WebClient
from tests.support.servers import run_django

DEVICES = 16
# The devices race for the mission's last moves (tricks, placements and the move that ends it);
# the ones before are made on the server as the mission is arranged.
RACED = 12
VERSION = re.compile(r'data-version="(\d+)"')


def encode(move):
    if "play" in move:
        return {"kind": "play", "card": move["play"]}
    return {"kind": "place", "cells": " ".join(f"{r},{c}" for r, c in move["place"])}


def test_sixteen_devices_posting_moves_at_once(server):
    arranged = run_django(
        server.database_url,
        f"""
from django.contrib.auth.models import User
from campaign import services
from campaign.table import services as table
from groups.models import Group, Membership
from tests.campaign.table_helpers import planned_moves
group = Group.objects.create(name="Busy table")
users = [User.objects.create_user(f"device{{n}}", password="pass-phrase-x")
         for n in range({DEVICES})]
for user in users:
    Membership.objects.create(group=group, user=user, role="player")
adventure = services.start_adventure(group=group, name="Race", by=users[0])
attempt = table.begin_mission(adventure=adventure, by=users[0], players=["Ana", "Ben", "Cy"],
                              first_player="Ana")
for version, move in enumerate(planned_moves(attempt.setup)[:-{RACED}]):
    table.submit_move(attempt=attempt, move=move, version=version, by=users[0])
result = [f"/groups/{{group.pk}}/adventures/{{adventure.pk}}/table/1/", attempt.pk, attempt.setup]
""",
    )
    base, attempt_id, setup = arranged
    planned = planned_moves(setup)
    assert any("place" in move for move in planned[-RACED:])  # a placement is raced for too

    clients = []
    for n in range(DEVICES):
        client = WebClient(server.url)
        client.log_in(f"device{n}", "pass-phrase-x")
        client.post(base + "seat/", {"seat": "*"})  # one device for the whole table (web.seats)
        clients.append(client)

    def device(n):
        statuses, client = [], clients[n]
        reply = client.get(base, headers={"HX-Request": "true"})
        for _ in range(len(planned) * 3):
            statuses.append(reply.status)
            found = VERSION.search(reply.body)  # none once the result is recorded
            version = int(found.group(1)) if found else len(planned)
            if version >= len(planned):
                break
            data = {**encode(planned[version]), "version": str(version)}
            reply = client.post(base + "move/", data, headers={"HX-Request": "true"})
        return statuses

    with ThreadPoolExecutor(DEVICES) as pool:
        statuses = [s for batch in pool.map(device, range(DEVICES)) for s in batch]
    assert all(s < 500 for s in statuses), sorted(set(statuses))
    log = run_django(
        server.database_url,
        f"""
from campaign.models import AttemptMove, MissionAttempt
attempt = MissionAttempt.objects.get(pk={attempt_id})
moves = AttemptMove.objects.filter(attempt=attempt).order_by("seq")
result = [list(moves.values_list("seq", "payload")),
          attempt.status, attempt.version]
""",
    )
    moves, status, version = log
    assert [seq for seq, _ in moves] == list(range(1, len(planned) + 1))
    assert [payload for _, payload in moves] == planned
    assert version == len(planned)
    assert status in ("success", "failure")
