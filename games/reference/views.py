"""The reference pages: the list of games, and one game's rules with a search box."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.http import require_GET

from games.reference.documents import GAMES, reference_for
from games.reference.forms import SearchForm
from games.reference.search import search
from web.htmx import partial_template, vary_on_htmx


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    references = [reference_for(game, get_language()) for game in GAMES]
    return render(request, "reference/index.html", {"references": references})


@require_GET
def game(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES:
        raise Http404("No such game.")
    reference = reference_for(game, get_language())
    form = SearchForm(request.GET)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    rules = search(reference, query) if query else list(reference.rules)
    template = partial_template(request, "reference/game.html", "rules")
    context = {
        "reference": reference,
        "form": form,
        "query": query,
        "rules": rules,
        "summary": summary(len(rules), query),
    }
    return vary_on_htmx(render(request, template, context, status=400 if form.errors else 200))


def summary(count: int, query: str) -> str:
    """How many rules match ``query``, in the reader's language; none is said in words, since a
    language may treat 0 as singular ("0 regra")."""
    if not count:
        return gettext("No rule matches “%(query)s”.") % {"query": query}
    return ngettext(
        "%(count)s rule matches “%(query)s”.", "%(count)s rules match “%(query)s”.", count
    ) % {"count": count, "query": query}
