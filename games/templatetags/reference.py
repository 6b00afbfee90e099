"""``{% rule_url "spirits" "mist-tokens" %}``: a link to one rule of the reference; the filters
link the campaign's "why" (a failure reason, an envelope's source) to the rule it comes from."""

from django import template

from games.reference import campaign_rules, links

register = template.Library()


@register.simple_tag
def rule_url(game: str, rule_id: str) -> str:
    return links.rule_url(game, rule_id)


@register.filter
def failure_rule(reason: str) -> str:
    """``{{ attempt.failure_reason|failure_rule }}``: the rule a mission failed on."""
    return campaign_rules.failure_rule(reason)


@register.filter
def envelope_rule(source: str) -> str:
    """``{{ envelope.source|envelope_rule }}``: the rule that opened an envelope."""
    return campaign_rules.envelope_rule(source)
