"""``{{ change|change_text }}`` and ``{{ change|change_rule }}``: what a change of the campaign
says, in the reader's language, and the rule it comes from."""

from typing import Any

from django import template

from accounts import texts
from campaign import texts as campaign_texts

register = template.Library()


@register.filter
def change_text(change: dict[str, Any]) -> str:
    return texts.render(campaign_texts.change_text(change))


@register.filter
def change_rule(change: dict[str, Any]) -> str:
    return campaign_texts.change_rule(change)
