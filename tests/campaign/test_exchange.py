"""Export then import gives the same adventure back, field for field (``campaign.exchange``,
``docs/formats/adventure.md``)."""

import json

import pytest

from campaign import exchange, services
from campaign.models import Adventure
from tests.campaign.exchange_helpers import CREATED, PLAYERS, exported, full_adventure


def without_import_entry(document):
    """The adventure of a document, less the "Imported" audit entry an import adds."""
    adventure = dict(document["adventures"][0])
    adventure["audit"] = [e for e in adventure["audit"] if e["action"] != "import"]
    return adventure


@pytest.mark.django_db
def test_export_then_import_is_exact(group, owner, player):
    """Every field comes back: the adventure's date, seat names with < and >, the attempt in
    progress with its setup, state, version and moves (the undone one too), notes, overrides with
    their dates, the audit trail; and the derived state, attempt count included."""
    original = full_adventure(group, owner, player)
    document = json.loads(json.dumps(exported(original)))
    (imported,) = services.import_adventures(
        group=group, adventures=exchange.parse_document(document), by=owner
    )
    imported = Adventure.objects.get(pk=imported.pk)
    again = exported(imported)
    assert without_import_entry(again) == without_import_entry(document)
    assert imported.created_at == CREATED
    assert imported.attempts.get(number=1).players == PLAYERS
    derived = ["attempt_count", "current_mission", "moon_boxes_checked", "night_mode",
               "final_mission_completed", "red_envelope_opened", "holo_liana"]  # fmt: skip
    assert [getattr(imported, f) for f in derived] == [getattr(original, f) for f in derived]
    assert original.attempt_count == 2  # the attempt in progress counts once it has a result
    open_attempt = imported.attempts.get(status="open")
    assert open_attempt.moves.filter(undone_at__isnull=False).count() == 1
    assert open_attempt.state == original.attempts.get(status="open").state


@pytest.mark.django_db
def test_a_note_the_app_wrote_keeps_its_code_and_an_unknown_code_is_refused(group, owner, player):
    """The app's own note (why a mission failed at the table) travels with its code, so it reads
    in each member's language after an import; a code the app never wrote is refused."""
    from accounts.texts import text

    original = full_adventure(group, owner, player)
    services.add_note(
        attempt=original.attempts.get(number=2), author=owner, words=text("note:abandoned")
    )
    document = json.loads(json.dumps(exported(original)))
    notes = document["adventures"][0]["attempts"][1]["notes"]
    assert notes[-1]["code"] == "note:abandoned"
    assert notes[-1]["text"]
    (imported,) = services.import_adventures(
        group=group, adventures=exchange.parse_document(document), by=owner
    )
    note = imported.attempts.get(number=2).notes.get()
    assert (note.code, note.text) == ("note:abandoned", "")

    notes[-1]["code"] = "no-such-code"
    with pytest.raises(exchange.ExchangeError) as refused:
        exchange.parse_document(document)
    assert str(refused.value) == (
        f"adventures[0].attempts[1].notes[0].code: {exchange.NOT_A_NOTE_CODE}"
    )
