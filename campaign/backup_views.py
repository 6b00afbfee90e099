"""A group's backups, for its owners: the list, a download, and restoring one into a new group
(``campaign.backups``). Another group's backup answers 404, as every group page does."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.files.storage import storages
from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from campaign import backups
from groups.access import member_view
from groups.models import Backup, BackupStatus, Membership

RESTORED = _("The backup is restored into the new group “%(name)s”.")


def done_backup(membership: Membership, backup_id: int) -> Backup:
    return get_object_or_404(membership.group.backups, pk=backup_id, status=BackupStatus.DONE)


@member_view("GET", manage=True)
def backup_list(request: HttpRequest, membership: Membership) -> HttpResponse:
    group = membership.group
    context = {"group": group, "membership": membership, "backups": group.backups.all()}
    return render(request, "campaign/backups.html", context)


@member_view("GET", manage=True)
def backup_download(
    request: HttpRequest, membership: Membership, backup_id: int
) -> HttpResponseBase:
    backup = done_backup(membership, backup_id)
    name = f"{slugify(membership.group.name) or 'group'}-{backup.created_at:%Y-%m-%d-%H%M}.json.gz"
    try:
        stored = storages[backups.STORAGE].open(backup.storage_name, "rb")
    except OSError:
        messages.error(request, backups.UNREADABLE % {"problem": "OSError"})
        return redirect("campaign:backups", membership.group_id)
    return FileResponse(stored, as_attachment=True, filename=name, content_type="application/gzip")


@member_view("GET", "POST", manage=True)
def backup_restore(request: HttpRequest, membership: Membership, backup_id: int) -> HttpResponse:
    """The preview of what the new group would hold, or why the backup cannot be restored; the
    confirmation makes the new group (the backed-up group is never written)."""
    backup = done_backup(membership, backup_id)
    context: dict[str, Any] = {
        "group": membership.group,
        "membership": membership,
        "backup": backup,
    }
    try:
        restorable = backups.check_backup(backups.read_backup(backup))
    except backups.BackupError as error:
        context["refusal"] = str(error)
        return render(request, "campaign/backup_restore.html", context, status=400)
    if request.method == "POST":
        group = backups.restore_backup(restorable=restorable, by=request.user)
        messages.success(request, RESTORED % {"name": group.name})
        return redirect(group)
    document = restorable.document
    context |= {
        "counts": restorable.counts,
        "adventure_names": [a.data["name"] for a in restorable.adventures],
        "members": [m["username"] for m in document["members"]],
        "new_name": backups.restored_name(document, timezone.localdate()),
    }
    return render(request, "campaign/backup_restore.html", context)
