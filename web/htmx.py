"""htmx helpers shared by every view: which requests get a partial, and the ``Vary`` they need.

A request htmx sends (``HX-Request``) gets the part of the page it swaps; a full load of the same
URL (or htmx restoring its history) gets the whole page. The two answers differ by that header,
so every such response says so in ``Vary`` (a cache must not hand one to the other).

The statistics pages' figures refresh themselves the same way (``figures_page``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from http import HTTPStatus
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails

# How often a page's figures ask whether newer ones exist, while they wait for some.
WATCH_SECONDS = 2


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


def watch(computed_at: datetime | None, *, watching: bool) -> dict[str, object]:
    """What a page's figures region needs to refresh itself (``templates/stats/refresh.html``):
    the ``stamp`` of the figures it shows (when they were computed) and whether it should keep
    asking for newer ones (``watching``: results or a recompute are pending)."""
    stamp = int(computed_at.timestamp() * 1_000_000) if computed_at else 0
    return {"stamp": stamp, "watching": watching, "watch_seconds": WATCH_SECONDS}


def figures_page(
    request: HttpRequest,
    template: str,
    watched: dict[str, object],
    build: Callable[[], dict[str, Any]],
) -> HttpResponse:
    """A statistics page whose figures (partial ``stats-figures``) refresh themselves: an htmx
    request gets the region alone; the region's own poll (``shown``: the stamp it shows) gets
    nothing (204, htmx swaps nothing) while no newer figures exist and work is still pending, so
    the page's numbers change by themselves once a worker stores them."""
    shown = request.GET.get("shown")
    if is_partial(request) and watched["watching"] and shown == str(watched["stamp"]):
        return vary_on_htmx(HttpResponse(status=HTTPStatus.NO_CONTENT))
    template = partial_template(request, template, "stats-figures")
    return vary_on_htmx(render(request, template, {**watched, **build()}))
