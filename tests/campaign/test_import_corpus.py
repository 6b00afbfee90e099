"""The import corpus: crafted adventure files, each refused with its exact message and nothing
saved, or accepted as the app itself would store it; never a server error.

Each case in ``import_corpus/`` is a JSON object: ``expect`` (the message next to the file
field, or null with ``accepted``), and the file's content: ``text`` or ``base64`` as is,
``repeat`` (prefix, unit, count, suffix) for large files, or ``edits`` of a real export of an
adventure that uses every field (``set``, ``delete``, ``copy`` a value from another path,
``repeat`` a text or list item that many times, or ``nest`` a value that many lists deep).
"""

import base64
import copy
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaign.models import Adventure, AttemptMove, AuditEntry, MissionAttempt, Note
from games.models import ContentPack
from tests.campaign.exchange_helpers import exported, full_adventure
from tests.support.counts import report
from tests.support.world import routes, url_for

CORPUS = Path(__file__).parent / "import_corpus"
CASES = sorted(CORPUS.glob("*.json"))
BASE: dict[str, object] = {}
OUTCOMES: dict[str, str] = {}


def base_document(group, owner, player):
    """The export of an adventure using every field, built once per run."""
    if "document" not in BASE:
        BASE["document"] = json.loads(json.dumps(exported(full_adventure(group, owner, player))))
        Adventure.objects.all().delete()
    return BASE["document"]


def walk(document, path):
    target = document
    for key in path[:-1]:
        target = target[key]
    return target, path[-1]


def apply(document, edit):
    target, key = walk(document, edit["path"])
    if edit.get("delete"):
        del target[key]
    elif "copy" in edit:
        source, source_key = walk(document, edit["copy"])
        value = copy.deepcopy(source[source_key])
        if isinstance(target, list) and key == len(target):
            target.append(value)
        else:
            target[key] = value
    elif "repeat" in edit:
        unit, count = edit["repeat"]
        target[key] = unit * count if isinstance(unit, str) else [unit] * count
    elif "nest" in edit:
        value: object = 1
        for _ in range(edit["nest"]):
            value = [value]
        target[key] = value
    else:
        target[key] = edit["set"]


def content(case, base):
    if "text" in case:
        return case["text"].encode("utf-8")
    if "base64" in case:
        return base64.b64decode(case["base64"])
    if "repeat" in case:
        prefix, unit, count, suffix = case["repeat"]
        return (prefix + unit * count + suffix).encode("utf-8")
    document = copy.deepcopy(base)
    for edit in case["edits"]:
        apply(document, edit)
    return json.dumps(document, ensure_ascii=True).encode("ascii")


def every_page_answers(client, adventure):
    """Every page of the imported adventure (its table and statistics included, found by the
    resolver), and an undo at the table of the attempt in progress: no server error."""
    values = {"group_id": adventure.group_id, "adventure_id": adventure.pk}
    numbers = list(adventure.attempts.values_list("number", flat=True))
    pages = 0
    for route in routes():
        names = {name for name, _kind in route.params}
        if route.name.startswith("admin:") or not names or not names <= {*values, "number"}:
            continue
        if route.name == "table:stream":  # an endless event stream (tests/campaign/test_table_live)
            continue
        for number in numbers if "number" in names else [None]:
            url = url_for(route, {**values, "number": number})
            if url is not None and "undo" not in url and "move" not in url:
                assert client.get(url).status_code < 500, url
                pages += 1
    open_attempt = adventure.attempts.filter(status="open").first()
    if open_attempt is not None:
        undo = next(r for r in routes() if r.name.endswith("undo"))
        url = url_for(undo, {**values, "number": open_attempt.number})
        undone = client.post(url, {"version": open_attempt.version})
        assert undone.status_code < 500
    assert pages > 0


def stored_counts():
    models = (Adventure, MissionAttempt, AttemptMove, Note, AuditEntry, ContentPack)
    return [model.objects.count() for model in models]


@pytest.mark.django_db
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_crafted_file(client, group, owner, player, path, django_capture_on_commit_callbacks):
    case = json.loads(path.read_text(encoding="utf-8"))
    base = base_document(group, owner, player)
    upload = SimpleUploadedFile(path.stem + ".json", content(case, base), "application/json")
    before = stored_counts()
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):  # what runs after the import
        response = client.post(reverse("campaign:import", args=[group.pk]), {"file": upload})
    if case.get("accepted"):
        assert response.status_code == 302, response.context["form"].errors
        every_page_answers(client, Adventure.objects.get(group=group))
        OUTCOMES[path.stem] = "accepted"
    else:
        assert response.status_code == 400
        assert response.context["form"].errors["file"] == [case["expect"]]
        assert stored_counts() == before
        OUTCOMES[path.stem] = "refused"
    refused = sum(o == "refused" for o in OUTCOMES.values())
    report(
        "import corpus",
        f"{len(OUTCOMES)} of {len(CASES)} files: {refused} refused with their exact message, "
        f"{len(OUTCOMES) - refused} accepted, 0 server errors",
    )
