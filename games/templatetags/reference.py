"""``{% rule_url "spirits" "mist-tokens" %}``: a link to one rule of the reference."""

from django import template

from games.reference import links

register = template.Library()


@register.simple_tag
def rule_url(game: str, rule_id: str) -> str:
    return links.rule_url(game, rule_id)
