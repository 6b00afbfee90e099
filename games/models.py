"""Content packs stored in the database (the validated pack document, pinned by adventures), and
Bonfire games played with the turn helper."""

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


class BonfirePlayQuerySet(models.QuerySet["BonfirePlay"]):
    def for_group(self, group_id: int) -> "BonfirePlayQuerySet":
        return self.filter(group_id=group_id)


class BonfirePlay(models.Model):
    """A Bonfire game a group plays at the table with the turn helper.

    ``content`` is the content the game started with (engine-checked, from the Bonfire content
    pack or edited by the group) and ``board`` the shared board as the engine reports it; each
    player's own board is one ``BonfireSeat`` document. All three change only through
    ``games.bonfire_helper``, which runs every move through the rules engine.
    """

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    name = models.CharField(_("name"), max_length=80)
    content = models.JSONField(_("content"))
    board = models.JSONField(_("shared board"))
    version = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = BonfirePlayQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at", "-pk"]

    def __str__(self) -> str:
        return self.name


class BonfireSeat(models.Model):
    """One player of a Bonfire game: their board and supplies as one document, with the version
    a device must send back so that two devices never overwrite each other's move."""

    play = models.ForeignKey(BonfirePlay, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(_("player"), max_length=40)
    document = models.JSONField(_("player's board"))
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["play", "position"]
        constraints = [
            models.UniqueConstraint(fields=["play", "position"], name="bonfire_seat_position"),
            models.UniqueConstraint(fields=["play", "name"], name="bonfire_seat_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.play}"


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
