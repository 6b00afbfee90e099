"""Figures the probe tests (access sweep, fuzz, import corpus, faults) print at the end of a run."""

FIGURES: dict[str, str] = {}


def report(name: str, figure: str) -> None:
    """Print ``name: figure`` in the terminal summary (the last report of a name wins)."""
    FIGURES[name] = figure
