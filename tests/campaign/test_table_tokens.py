"""Poll tokens: issued to a member for one attempt, checked without the session."""

from unittest import mock

import pytest
from django.core import signing

from campaign import table_tokens


def test_a_token_names_its_attempt():
    token = table_tokens.poll_token(attempt_id=42, user_id=7)
    assert table_tokens.attempt_of(token) == 42


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace("42.", "43.", 1),  # another attempt
        lambda t: t[:-2] + ("AA" if not t.endswith("AA") else "BB"),  # another MAC
        lambda t: "",
        lambda t: "garbage",
        lambda t: t.rpartition(".")[0],  # no MAC at all
    ],
)
def test_a_changed_or_foreign_token_is_refused(change):
    token = table_tokens.poll_token(attempt_id=42, user_id=7)
    with pytest.raises(signing.BadSignature):
        table_tokens.attempt_of(change(token))


def test_a_token_of_another_secret_is_refused(settings):
    token = table_tokens.poll_token(attempt_id=42, user_id=7)
    settings.SECRET_KEY = "another-secret-" + "y" * 40
    with pytest.raises(signing.BadSignature):
        table_tokens.attempt_of(token)


def test_a_token_issued_before_a_key_rotation_still_answers(settings):
    token = table_tokens.poll_token(attempt_id=42, user_id=7)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "the-new-secret-" + "z" * 40
    assert table_tokens.attempt_of(token) == 42


def test_a_token_expires_after_its_max_age():
    now = 1_900_000_000
    with mock.patch("campaign.table_tokens.time.time", return_value=now):
        token = table_tokens.poll_token(attempt_id=42, user_id=7)
    with mock.patch("campaign.table_tokens.time.time", return_value=now + table_tokens.MAX_AGE):
        assert table_tokens.attempt_of(token) == 42
    later = now + table_tokens.MAX_AGE + 1
    with (
        mock.patch("campaign.table_tokens.time.time", return_value=later),
        pytest.raises(signing.SignatureExpired),
    ):
        table_tokens.attempt_of(token)
