"""Finding rules by words.

On PostgreSQL, full-text search in the document's language (stems: "tricks" finds "trick",
"capturar" finds "captura"), ranked; the rules' texts are passed as one array parameter, so no
table is involved and the documents stay the only copy. Rules whose text merely contains the
words (part of a word, a function name) follow the ranked ones. On SQLite, only that plain
case-insensitive match.
"""

from __future__ import annotations

from django.db import connection

from games.reference.documents import Reference, Rule

# PostgreSQL's text search configuration for each language of the reference.
TEXT_SEARCH_CONFIG = {"en": "english", "pt-br": "portuguese", "ca": "catalan"}

FULL_TEXT_SQL = """
SELECT rule.position
FROM unnest(%(bodies)s::text[]) WITH ORDINALITY AS rule(body, position)
WHERE to_tsvector(%(config)s::regconfig, rule.body)
      @@ websearch_to_tsquery(%(config)s::regconfig, %(query)s)
ORDER BY ts_rank(to_tsvector(%(config)s::regconfig, rule.body),
                 websearch_to_tsquery(%(config)s::regconfig, %(query)s)) DESC,
         rule.position
"""


def search(reference: Reference, query: str) -> list[Rule]:
    """The rules matching ``query``, best first; every rule for an empty query."""
    if not query.split():
        return list(reference.rules)
    plain = plain_matches(reference, query)
    if connection.vendor != "postgresql":
        return plain
    ranked = full_text_matches(reference, query)
    return ranked + [rule for rule in plain if rule not in ranked]


def plain_matches(reference: Reference, query: str) -> list[Rule]:
    """Rules containing every word of ``query``, ignoring case, in the document's order."""
    words = query.casefold().split()
    return [rule for rule in reference.rules if all(w in rule.searchable.casefold() for w in words)]


def full_text_matches(reference: Reference, query: str) -> list[Rule]:
    config = TEXT_SEARCH_CONFIG.get(reference.language, "simple")
    bodies = [rule.searchable for rule in reference.rules]
    with connection.cursor() as cursor:
        cursor.execute(FULL_TEXT_SQL, {"bodies": bodies, "config": config, "query": query})
        positions = [row[0] for row in cursor.fetchall()]
    return [reference.rules[position - 1] for position in positions]
