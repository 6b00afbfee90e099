"""Django's ``i18n`` template library, its ``{% blocktranslate %}`` eliding Catalan *de* before a
value that starts with a vowel sound ("Mà d’alice") and fitting a name that carries its article
into the sentence ("Vez do Automa"; ``web.elision.polish``).

``settings.TEMPLATES`` maps the library name ``i18n`` here, so every ``{% load i18n %}`` gets it
and a template needs no tag of its own; ``makemessages`` reads the same ``{% blocktranslate %}``.
Every other tag and filter is Django's own.
"""

from __future__ import annotations

from typing import Any

from django.template import Context, Library
from django.template.base import Parser, Token, render_value_in_context
from django.templatetags import i18n
from django.utils.safestring import SafeString

from web.elision import articled_names, elides, polish

register = Library()
register.tags.update(i18n.register.tags)
register.filters.update(i18n.register.filters)


class ElidingBlockTranslateNode(i18n.BlockTranslateNode):
    def render(self, context: Context, nested: bool = False) -> str:
        result: str = super().render(context, nested)
        written = str(context[self.asvar]) if self.asvar else result
        if not elides() and not any(name in written for name in articled_names()):
            return result
        values = self.values(context)
        if self.asvar:
            context[self.asvar] = SafeString(polish(written, values))
            return result
        return polish(result, values)

    def values(self, context: Context) -> list[Any]:
        """The values the sentence was given, as the page writes them (escaped, localised)."""
        extra = {name: value.resolve(context) for name, value in self.extra_context.items()}
        with context.push(extra):
            if self.plural and self.countervar and self.counter:
                context[self.countervar] = self.counter.resolve(context)
            names = self.render_token_list(self.singular)[1]
            if self.plural:
                names += self.render_token_list(self.plural)[1]
            return [
                render_value_in_context(context[name], context) for name in names if name in context
            ]


@register.tag("blocktranslate")
@register.tag("blocktrans")
def do_block_translate(parser: Parser, token: Token) -> ElidingBlockTranslateNode:
    """Django's own parsing; the node it gives, as one that elides."""
    return ElidingBlockTranslateNode(**vars(i18n.do_block_translate(parser, token)))
