"""A backups storage that refuses to write some groups' files, to show that one group's failed
backup leaves the others backed up. A real file system storage otherwise; the groups it refuses
are the ids in ``BACKUP_REFUSE_GROUPS`` (comma-separated), read at each write so a test can set
it in its own process or give it to a worker's environment."""

from __future__ import annotations

import os
from typing import Any

from django.core.files.storage import FileSystemStorage

REFUSED = "the storage refused the file (a test's fault)"


class RefusingStorage(FileSystemStorage):
    def _save(self, name: str, content: Any) -> str:
        refused = os.environ.get("BACKUP_REFUSE_GROUPS", "").split(",")
        if any(name.startswith(f"group-{group_id}/") for group_id in refused if group_id):
            raise OSError(REFUSED)
        return super()._save(name, content)
