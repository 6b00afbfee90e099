"""Content packs stored in the database: the validated pack document, pinned by adventures."""

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.content import Pack, pack_from_json


def pack_digest(document: dict[str, object]) -> str:
    """A fingerprint of a pack document: two equal documents share it, whatever the key order."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


@lru_cache(maxsize=32)
def parsed_pack(digest: str, document_json: str) -> Pack:
    """Parse once per process: the digest names the document, so the cache can never go stale."""
    return pack_from_json(json.loads(document_json))


class ContentPack(models.Model):
    """One validated content pack (``Pack.to_json()``).

    A pack an adventure was started with is pinned by it and no longer edited (the admin shows it
    read-only): a changed pack is imported as a new one, so an adventure's state never shifts under
    it.
    """

    pack_id = models.CharField(_("pack id"), max_length=80)
    name = models.CharField(_("name"), max_length=200)
    sample = models.BooleanField(_("sample content"), default=False)
    document = models.JSONField(_("pack document"))
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def pack(self) -> Pack:
        return parsed_pack(self.digest, json.dumps(self.document, sort_keys=True))

    def fill_from_document(self) -> None:
        """Set the name, id, sample flag and digest from ``document`` (already validated)."""
        info = self.document["pack"]
        self.pack_id = info["id"]
        self.name = info["name"]
        self.sample = bool(info.get("sample"))
        self.digest = pack_digest(self.document)


class SolsticioGame(models.Model):
    """One Solsticio game a group tracks at the table.

    ``document`` is the rules engine's whole state (``games.rules.solsticio.to_dict``), changed only
    by applying a move through the engine; ``version`` is the number of moves applied, so a move
    made on an older page is refused. ``players`` are the two names at the table.
    """

    group = models.ForeignKey(
        "groups.Group", on_delete=models.CASCADE, related_name="solsticio_games"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    players = models.JSONField(_("players"))
    document = models.JSONField(_("game document"))
    version = models.PositiveIntegerField(_("moves played"), default=0)
    over = models.BooleanField(_("over"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return " – ".join(self.players)

    def get_absolute_url(self) -> str:
        return reverse("solsticio:game", args=[self.group_id, self.pk])
