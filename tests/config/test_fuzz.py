"""The fuzz test: every form the victim group's pages show its owner (found by reading the pages,
so a new form is fuzzed without editing this test), the table's move forms included, posted with
hypothesis-made values: empty, 1 MB, NUL, lone surrogates, right-to-left marks, emoji, huge and
NaN numbers, wrong types, missing and repeated fields, and the page's own values mixed in.

Never a server error (the test client raises it), and a refused input (4xx) saves nothing.
Bounded: ``QUESTLOG_FUZZ_EXAMPLES`` inputs per form (8 by default, a few seconds a form), each
form's inputs rolled back together afterwards.
"""

import os
from html.parser import HTMLParser
from urllib.parse import quote, urljoin, urlsplit

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.counts import report
from tests.support.world import build_world, client_for, routes

EXAMPLES = int(os.environ.get("QUESTLOG_FUZZ_EXAMPLES", "8"))
MEGABYTE = "x" * (1024 * 1024)
SPECIAL = [
    "", " ", MEGABYTE, "\x00", "a\x00b", "\ud800", "\udfff lone", "\u202eevil\u202c",
    "\u05e9\u05dc\u05d5\u05dd", "😀" * 20, "9" * 400, "99999999999999999999", "-1", "0", "1e309",
    "NaN", "Infinity", "-Infinity", "1.5", "[]", "{}", "true", "null", "<script>x</script>",
    "' OR 1=1 --", "../../etc/passwd", "%00", "\r\n", "0,0;1,1;99,99", "a" * 301,
]  # fmt: skip
# Other values for the parameters a page can have, to reach more forms (the attempt in progress).
ALTERNATIVES = {"number": [1, 2, 3]}


class Forms(HTMLParser):
    """The POST forms of a page: action and fields (name -> values seen), ``form=`` inputs too."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[dict[str, object]] = []
        self.by_id: dict[str, dict[str, object]] = {}
        self.current: dict[str, object] | None = None
        self.textarea: str | None = None
        self.select: str | None = None

    def field(self, form, name, value):
        if form is not None and name:
            form["fields"].setdefault(name, []).append(value or "")

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.current = {"method": (a.get("method") or "get").lower(), "action": a.get("action")
                            or a.get("hx-post") or "", "fields": {}}  # fmt: skip
            self.forms.append(self.current)
            if a.get("id"):
                self.by_id[a["id"]] = self.current
            return
        owner = self.by_id.get(a.get("form") or "") if a.get("form") else self.current
        if tag in {"input", "button"}:
            self.field(owner, a.get("name"), a.get("value"))
        elif tag == "textarea":
            self.textarea = a.get("name")
            self.field(owner, self.textarea, "")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select:
            self.field(owner, self.select, a.get("value"))

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def discover(world, client):
    """Every POST form on the pages the owner can GET, keyed by (action, field names)."""
    found: dict[tuple[str, tuple[str, ...]], dict[str, object]] = {}
    for route in routes():
        if route.name.startswith("admin:") or route.name == "table:stream":
            continue  # the stream is endless, holds no form, and has tests of its own
        names = [n for n, _kind in route.params]
        variants = [dict(world.values)]
        for name, values in ALTERNATIVES.items():
            if name in names:
                variants = [{**world.values, name: v} for v in values]
        for values in variants:
            saved, world.values = world.values, values
            url = world.url(route)
            world.values = saved
            if url is None:
                continue
            response = client.get(url)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            parser = Forms()
            parser.feed(response.content.decode())
            for form in parser.forms:
                action = urljoin(url, form["action"] or url)
                if form["method"] != "post" or urlsplit(action).path.startswith("/admin/"):
                    continue
                fields = form["fields"]
                fields.pop("csrfmiddlewaretoken", None)
                found.setdefault((urlsplit(action).path, tuple(sorted(fields))), form | {"url":
                                 urlsplit(action).path})  # fmt: skip
    return list(found.values())


def encoded(pairs):
    """An urlencoded body; a lone surrogate goes as the bytes a broken client would send."""

    def part(text):
        return quote(text.encode("utf-8", "surrogatepass"), safe="")

    return "&".join(f"{part(name)}={part(value)}" for name, value in pairs)


def values_for(seen):
    return st.one_of(
        st.sampled_from(seen),
        st.sampled_from(SPECIAL),
        st.text(max_size=40),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
    )


def fuzz_form(world, client, form, tried):
    """``EXAMPLES`` inputs to one form, rolled back together afterwards."""
    fields = {name: list(dict.fromkeys(seen)) for name, seen in form["fields"].items()}
    last = [world.snapshot()]

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(st.data())
    def post(data):
        pairs = []
        for name, seen in fields.items():
            for value in data.draw(st.lists(values_for(seen), max_size=2), label=name):
                pairs.append((name, value))
        if "_auth_user_id" not in client.session:
            client.force_login(world.owner)  # a log-out form was fuzzed
        response = client.generic(
            "POST", form["url"], encoded(pairs), "application/x-www-form-urlencoded",
            HTTP_HX_REQUEST="true" if data.draw(st.booleans(), label="htmx") else "",
        )  # fmt: skip
        tried["inputs"] += 1
        assert response.status_code < 500
        after = world.snapshot()
        if 400 <= response.status_code < 500:
            tried["refused"] += 1
            assert after == last[0], (form["url"], [(n, v[:40]) for n, v in pairs])
        last[0] = after

    with transaction.atomic():
        post()
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_no_form_answers_a_server_error_or_saves_half():
    world = build_world()
    client = client_for(world.owner)
    forms = discover(world, client)
    moves = [f for f in forms if "move" in f["url"] or "undo" in f["url"]]
    tried = {"inputs": 0, "refused": 0}
    for form in forms:
        fuzz_form(world, client, form, tried)
    assert moves, "the table's move forms were not found on its pages"
    report(
        "fuzz",
        f"{len(forms)} forms ({len(moves)} move or undo forms) × up to {EXAMPLES} inputs = "
        f"{tried['inputs']} inputs tried, {tried['refused']} refused with nothing saved, "
        "0 server errors",
    )
