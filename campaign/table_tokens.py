"""Poll tokens: what lets a device that loaded the table ask "has it changed?" without a session.

The table page (or any table partial) embeds a token signed with ``SECRET_KEY``
(``TimestampSigner``, its own salt) that carries the attempt's id and the id of the member it was
issued to. The poll endpoint checks the signature and the age instead of loading the session and
the user, so an unchanged poll costs one indexed query. A token only tells its holder whether the
attempt's version number changed: the table itself is always fetched through the authenticated,
membership-scoped page view, which issues a fresh token with every render.
"""

from __future__ import annotations

from django.core import signing

SALT = "campaign.table.poll"
MAX_AGE = 12 * 60 * 60  # seconds: a table left open longer re-reads the page for a new token


def poll_token(*, attempt_id: int, user_id: int) -> str:
    """A token for ``user_id``, a member who may see attempt ``attempt_id``."""
    return signing.TimestampSigner(salt=SALT).sign(f"{attempt_id}:{user_id}")


def attempt_of(token: str) -> int:
    """The attempt id a token was issued for.

    Raises ``signing.SignatureExpired`` for a token older than ``MAX_AGE`` and
    ``signing.BadSignature`` for anything else that is not a token this site issued.
    """
    value = signing.TimestampSigner(salt=SALT).unsign(token, max_age=MAX_AGE)
    attempt_id, _, user_id = value.partition(":")
    if not (attempt_id.isdigit() and user_id.isdigit()):
        raise signing.BadSignature("Malformed poll token.")
    return int(attempt_id)
