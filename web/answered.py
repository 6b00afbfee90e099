"""Work a request leaves for once its response has gone out; outside a request it runs at once.

Two kinds use it: a live game's event (``web.live.publish``), so the other devices fetch a
change only once the mover's answer has drawn it (they then share that drawing), and the embedded
default's statistics (``stats.triggers``), which no request waits for. Under ASGI a request's
signals and its synchronous view run in the same thread (Django's ``ThreadSensitiveContext``), so
the queue is per thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable
from typing import Any

from django.core.signals import request_finished, request_started
from django.dispatch import receiver

logger = logging.getLogger(__name__)

Work = Callable[[Any], object]


class Requests(threading.local):
    """Per thread: whether a request is being answered, and the work to run after its response."""

    def __init__(self) -> None:
        self.answering = False
        self.after: dict[tuple[Work, Hashable], None] = {}  # an ordered set


requests = Requests()


def when_answered(work: Work, key: Hashable, *, first: bool = False) -> None:
    """``work(key)`` once the response has been sent (at once outside a request), once per key;
    ``first`` runs it before the work already waiting (an event before the statistics)."""
    if not requests.answering:
        safely(work, key)
    elif first:
        requests.after = {(work, key): None, **requests.after}
    else:
        requests.after[work, key] = None


def safely(work: Work, key: Hashable) -> None:
    """A failure is logged, never raised: the response has gone out already."""
    try:
        work(key)
    except Exception:
        logger.exception("after the response: %s(%s) failed", work.__name__, key)


@receiver(request_started, dispatch_uid="answered-request-began")
def request_began(**kwargs: Any) -> None:
    requests.answering = True
    requests.after.clear()


@receiver(request_finished, dispatch_uid="answered-request-ended")
def request_ended(**kwargs: Any) -> None:
    """After the response went out: the work the request left."""
    requests.answering = False
    after, requests.after = requests.after, {}
    for work, key in after:
        safely(work, key)
