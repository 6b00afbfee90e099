"""Links from any screen to one rule of the reference."""

from __future__ import annotations

from django.urls import reverse

from games.reference.documents import GAMES, game_reference

UNKNOWN_RULE = "the reference of {game!r} has no rule {rule_id!r}"


class UnknownRule(LookupError):
    """A link to a rule the reference does not have: a broken link is a bug, found at once."""


def rule_url(game: str, rule_id: str) -> str:
    """``/reference/<game>/#<rule-id>``: the rule's paragraph on its game's page."""
    if game not in GAMES or game_reference(game)["en"].rule(rule_id) is None:
        raise UnknownRule(UNKNOWN_RULE.format(game=game, rule_id=rule_id))
    return f"{reverse('reference:game', args=[game])}#{rule_id}"
