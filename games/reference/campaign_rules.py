"""The campaign's "why": the rule of the reference each of its explanations comes from (a failed
mission, an opened envelope, a locked Power space), as links."""

from __future__ import annotations

from games.reference.links import rule_url

#: Why a mission failed, by the engine's reason (``spirits.outcome``) or the campaign's failure
#: reason (``progression.FAILURE_REASONS``).
FAILURE_RULES = {
    "coloured-edge": "mission-tile-constraints",
    "not-surrounded": "night-mode-encirclement",
    "objective-not-met": "placing-the-spirit-tile",
    "no-legal-placement": "placing-the-spirit-tile",
    "out-of-cards": "playing-the-trick",
}
#: Why an envelope opened, by its source (``progression.OpenedEnvelope.source``).
ENVELOPE_RULES = {
    "reward": "rewards",
    "moon-path": "moon-path",
    "instruction": "envelopes",
    "end": "envelopes",
    "override": "envelopes",
}


def spirits_rule(rule: str) -> str:
    """The link to one rule of the campaign game's reference."""
    return rule_url("spirits", rule)


def failure_rule(reason: str) -> str:
    """The link to the rule a mission failed on; empty for a reason no rule gives (abandoned,
    other)."""
    return spirits_rule(FAILURE_RULES[reason]) if reason in FAILURE_RULES else ""


def envelope_rule(source: str) -> str:
    """The link to the rule that opened an envelope."""
    return spirits_rule(ENVELOPE_RULES.get(source, "envelopes"))
