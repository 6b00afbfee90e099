"""``{{ colour|bonfire_word }}``: a Bonfire colour or resource in the reader's language."""

from django import template

from games.bonfire.screen import word

register = template.Library()


@register.filter
def bonfire_word(value: str) -> str:
    return word(value)
