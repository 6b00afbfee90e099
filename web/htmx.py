"""htmx helpers shared by every view: which requests get a partial, and the ``Vary`` they need.

A request htmx sends (``HX-Request``) gets the part of the page it swaps; a full load of the same
URL (or htmx restoring its history) gets the whole page. The two answers differ by that header,
so every such response says so in ``Vary`` (a cache must not hand one to the other).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that passed ``django_htmx.middleware.HtmxMiddleware`` (the type checker's view)."""

    htmx: HtmxDetails


def is_partial(request: HttpRequest) -> bool:
    """Whether the request swaps a part of the page (an htmx request, not a history restore)."""
    htmx: HtmxDetails | None = getattr(request, "htmx", None)
    return htmx is not None and bool(htmx) and not htmx.history_restore_request


def partial_template(request: HttpRequest, template: str, partial: str) -> str:
    """``template#partial`` for an htmx request, the whole ``template`` otherwise."""
    return f"{template}#{partial}" if is_partial(request) else template


def vary_on_htmx(response: HttpResponse) -> HttpResponse:
    patch_vary_headers(response, ["HX-Request"])
    return response
