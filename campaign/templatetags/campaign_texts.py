"""``{{ change|change_text }}`` and ``{{ change|change_rule }}``: what a change of the campaign
says, in the reader's language, and the rule it comes from; ``{{ attempt|attempt_label }}`` and
``{{ attempt|try_and_count }}``: what an attempt is called (``campaign.numbering``)."""

from typing import Any

from django import template

from accounts import texts
from campaign import numbering
from campaign import texts as campaign_texts
from campaign.models import MissionAttempt

register = template.Library()


@register.filter
def change_text(change: dict[str, Any]) -> str:
    return texts.render(campaign_texts.change_text(change))


@register.filter
def change_rule(change: dict[str, Any]) -> str:
    return campaign_texts.change_rule(change)


@register.filter
def attempt_label(attempt: MissionAttempt) -> str:
    return numbering.attempt_label(attempt)


@register.filter
def try_and_count(attempt: MissionAttempt) -> str:
    return numbering.try_and_count(attempt)
