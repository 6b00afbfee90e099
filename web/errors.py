"""The server error page (``handler500``): "try again" (503 with ``Retry-After``) while the
database is down. A lost or refused connection is a passing state, not a bug; the page is rendered
without the request, whose user and session live in the database that just failed.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token
from django.views.defaults import server_error as django_server_error

RETRY_AFTER_SECONDS = 5


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    if not isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return django_server_error(request)
    body = loader.render_to_string("503.html", {"retry_after": RETRY_AFTER_SECONDS})
    return HttpResponse(body, status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
