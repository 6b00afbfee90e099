"""``{{ colour|bonfire_word }}``: a Bonfire colour or resource in the reader's language;
``{{ colour|bonfire_mark }}``: the same drawn, its mark beside its word."""

from django import template
from django.utils.safestring import SafeString

from games.bonfire.screen import marked, word

register = template.Library()


@register.filter
def bonfire_word(value: str) -> str:
    return word(value)


@register.filter
def bonfire_mark(value: str) -> SafeString:
    return marked(value)
