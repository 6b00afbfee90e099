"""Storing content packs: import a pack document, load the default one, in transactions."""

from django.db import transaction

from games.content import Pack, default_pack, pack_from_json
from games.models import ContentPack, pack_digest


@transaction.atomic
def store_pack(*, pack: Pack) -> ContentPack:
    """Store a validated pack once: an identical document returns the row already there."""
    document = pack.to_json()
    existing = ContentPack.objects.filter(digest=pack_digest(document)).first()
    if existing is not None:
        return existing
    stored = ContentPack(document=document)
    stored.fill_from_document()
    stored.save()
    return stored


def import_pack(*, data: object) -> ContentPack:
    """Validate a whole-pack JSON document (raises ``PackError``) and store it."""
    return store_pack(pack=pack_from_json(data))


def load_default_pack() -> ContentPack:
    return store_pack(pack=default_pack())


def default_content_pack() -> ContentPack:
    """The pack new adventures start with: the newest default-pack row, loaded if missing."""
    info = default_pack().info
    stored = ContentPack.objects.filter(pack_id=info.id).order_by("-pk").first()
    return stored if stored is not None else load_default_pack()
