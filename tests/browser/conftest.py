import pytest

from tests.support.fixtures import database_url_for_subprocess
from tests.support.servers import ROOT, ServerProcess


@pytest.fixture
def asgi_server(transactional_db, request):
    """The table as ``make run`` serves it: uvicorn (ASGI, the event streams are async views),
    one process, on the test database."""
    log = ROOT / "test-output" / "servers" / f"{request.node.name}.log"
    server = ServerProcess(
        database_url_for_subprocess(), log, workers=1, DJANGO_SETTINGS_MODULE="config.settings_test"
    )
    yield server
    server.stop()
