"""Poll tokens: what lets a device that loaded the table ask "has it changed?" without a session.

The table page (or any table partial) embeds a token that carries the attempt's id, the id of the
member it was issued to and the time it was issued, with a keyed BLAKE2b MAC (RFC 7693) under a
key derived from ``SECRET_KEY`` (or one of ``SECRET_KEY_FALLBACKS``, so rotating the key keeps open
tables polling) and this module's salt. The poll endpoint checks the MAC and the age instead of
loading the session and the user, so an unchanged poll costs one indexed query. A token only tells
its holder whether the attempt's version number changed: the table itself is always fetched
through the authenticated, membership-scoped page view, which issues a fresh token with every
render.

Not ``django.core.signing``: a poll comes every two seconds from every open table, and deriving
the key anew on each check cost a poll more than its query; here the keys are derived once, and
BLAKE2b (built into Python) keeps OpenSSL's digest lookup off the path.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import time

from django.conf import settings
from django.core import signing

SALT = b"campaign.table.poll"
MAX_AGE = 12 * 60 * 60  # seconds: a table left open longer re-reads the page for a new token


@functools.lru_cache(maxsize=8)
def key_for(secret: str) -> bytes:
    return hashlib.sha256(SALT + b"\0" + secret.encode()).digest()


def mac(key: bytes, payload: str) -> str:
    digest = hashlib.blake2b(payload.encode(), key=key, digest_size=18).digest()
    return base64.urlsafe_b64encode(digest).decode()


def poll_token(*, attempt_id: int, user_id: int) -> str:
    """A token for ``user_id``, a member who may see attempt ``attempt_id``."""
    payload = f"{attempt_id}.{user_id}.{int(time.time())}"
    return f"{payload}.{mac(key_for(settings.SECRET_KEY), payload)}"


def attempt_of(token: str) -> int:
    """The attempt id a token was issued for.

    Raises ``signing.SignatureExpired`` for a token older than ``MAX_AGE`` and
    ``signing.BadSignature`` for anything else that is not a token this site issued.
    """
    payload, _, signature = token.rpartition(".")
    secrets = [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]
    if not any(hmac.compare_digest(signature, mac(key_for(s), payload)) for s in secrets):
        raise signing.BadSignature("Not a poll token of this site.")
    attempt_id, _member, issued = payload.split(".")
    if time.time() - int(issued) > MAX_AGE:
        raise signing.SignatureExpired("The poll token is too old.")
    return int(attempt_id)
