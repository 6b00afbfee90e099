"""The developers' trace of the rules reference: for each rule, the seed file and paragraphs it
comes from, and each reading's function and tests. The players' pages show none of it (they say
"section 6" or "page 9" in the reader's words); this writes it to ``docs/reference-trace.md``,
which a test keeps equal to the documents:

    python -m games.reference.trace > docs/reference-trace.md
"""

from __future__ import annotations

from games.reference.documents import DEFAULT_LANGUAGE, GAMES, Citation, game_reference

PATH = "docs/reference-trace.md"
HEADER = """\
# The rules reference, traced to the seeds and the code

Generated from `games/reference/*.json` by `python -m games.reference.trace > {path}`;
a test fails when it is out of date. The players' pages (`/reference/`) show none of this: only
the rule, "section N, paragraph M" or "page N" in the reader's language, and the readings' texts.
The format is described in `docs/formats/reference.md`.
"""


def citation(cite: Citation) -> str:
    paragraphs = ", ".join(str(p) for p in cite.paragraphs)
    where = [f"`{cite.seed}`"]
    if cite.section is not None:
        where.append(f"section {cite.section}")
    where.append(f"paragraph{'s' if len(cite.paragraphs) > 1 else ''} {paragraphs}")
    if cite.page is not None:
        where.append(f"page {cite.page}")
    return ", ".join(where)


def render() -> str:
    """The trace, in Markdown: one table per game, in the default language's titles."""
    lines = [HEADER.format(path=PATH)]
    for game, seed in GAMES.items():
        reference = game_reference(game)[DEFAULT_LANGUAGE]
        lines += [f"## `{game}` — {reference.title} (seed `{seed}`)", ""]
        lines += ["| rule | source | readings: function (tests) |", "|---|---|---|"]
        for rule in reference.rules:
            readings = "<br>".join(
                f"`{reading.function}` ({', '.join(f'`{t}`' for t in reading.tests)})"
                for reading in rule.readings
            )
            lines.append(
                f"| `{rule.id}` {rule.title} | {citation(rule.cite)} | {readings or '—'} |"
            )
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(render(), end="")
