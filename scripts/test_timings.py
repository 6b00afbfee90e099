"""Write tests/timings.json from a JUnit XML report: each test file's seconds, measured.

``make test`` hands whole test files to its processes longest first (tests/conftest.py); this file
says how long each one takes. Refresh it when a test file's time changes a lot::

    make test PYTEST_ARGS=--junitxml=test-output/junit.xml
    .venv/bin/python scripts/test_timings.py test-output/junit.xml
"""

import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMINGS = ROOT / "tests" / "timings.json"


def test_file(classname: str) -> str | None:
    """``tests.browser.test_x.TestY`` → ``tests/browser/test_x.py``: the longest dotted prefix
    that names a file."""
    parts = classname.split(".")
    for end in range(len(parts), 0, -1):
        path = "/".join(parts[:end]) + ".py"
        if (ROOT / path).is_file():
            return path
    return None


def file_seconds(report: Path) -> dict[str, float]:
    seconds: Counter[str] = Counter()
    for case in ET.parse(report).iter("testcase"):
        path = test_file(case.get("classname", ""))
        if path:
            seconds[path] += float(case.get("time", 0))
    return {path: round(total, 1) for path, total in sorted(seconds.items())}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    measured = json.loads(TIMINGS.read_text()) if TIMINGS.exists() else {}
    measured.update(file_seconds(Path(argv[0])))
    measured = {path: seconds for path, seconds in measured.items() if (ROOT / path).is_file()}
    TIMINGS.write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n")
    print(f"{len(measured)} test files timed in {TIMINGS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
