"""Real concurrent requests against a real server, on the SQLite default and on PostgreSQL."""

from concurrent.futures import ThreadPoolExecutor

from tests.support.http import WebClient
from tests.support.servers import run_django

USERS = 16


def test_sixteen_devices_writing_at_once_get_no_server_error(server):
    """SQLite runs with IMMEDIATE transactions and WAL: writers queue instead of failing."""
    run_django(
        server.database_url,
        f"""
from django.contrib.auth.models import User
for n in range({USERS}):
    User.objects.create_user(f"device{{n}}", password=f"pass-phrase-{{n}}")
""",
    )
    clients = []
    for n in range(USERS):
        client = WebClient(server.url)
        client.log_in(f"device{n}", f"pass-phrase-{n}")
        client.get("/groups/")
        clients.append(client)

    def create_groups(n: int) -> list[int]:
        return [clients[n].post("/groups/", {"name": f"table {n}-{k}"}).status for k in range(5)]

    with ThreadPoolExecutor(USERS) as pool:
        statuses = [s for batch in pool.map(create_groups, range(USERS)) for s in batch]
    assert statuses == [302] * (USERS * 5)
    counts = run_django(
        server.database_url,
        "from groups.models import Group, Membership\n"
        "result = [Group.objects.count(), Membership.objects.filter(role='owner').count()]",
    )
    assert counts == [USERS * 5, USERS * 5]
