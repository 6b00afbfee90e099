"""An owner at phone width reads the group's backups, sees last night's failure, and restores a
backup into a new group."""

from __future__ import annotations

import re
from pathlib import Path

import axe_playwright_python
import pytest
from django.urls import reverse
from django.utils import timezone

from campaign import backups
from groups.models import Backup, BackupStatus, Group, Role
from tests.campaign.backup_helpers import full_group, same_group
from tests.factories import PASSWORD, MembershipFactory

pytestmark = pytest.mark.browser
AXE_SCRIPT = Path(axe_playwright_python.__file__).with_name("axe.min.js")
AXE_RUN = "() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)"


def serious_violations(page) -> list[str]:
    found = page.evaluate(AXE_RUN)
    return [v["id"] for v in found if v["impact"] in {"serious", "critical"}]


def fits_the_width(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_an_owner_lists_and_restores_a_backup_at_360_px(
    browser_session, transactional_db, settings, tmp_path
):
    settings.STORAGES = {
        **settings.STORAGES,
        "backups": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "backups")},
        },
    }
    owner = MembershipFactory(role=Role.OWNER, group__name="Thursday crew")
    player = MembershipFactory(group=owner.group, role=Role.PLAYER)
    group = full_group(owner.group, owner.user, player.user)
    backup = backups.backup_group(group_id=group.pk)
    Backup.objects.create(group=group, created_at=timezone.now(), status=BackupStatus.FAILED)

    session = browser_session(width=360)
    session.context.add_init_script(path=AXE_SCRIPT)
    page = session.page
    page.goto(reverse("login"))
    page.get_by_label("Username").fill(owner.user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/groups/$"))

    page.goto(group.get_absolute_url())
    notice = page.locator("#backup-failed")
    assert notice.is_visible()
    assert "The group's last backup, on" in notice.inner_text()
    session.shot("group-page-failed-backup")
    notice.get_by_role("link", name="Backups").click()
    page.wait_for_url(re.compile(r"/backups/$"))
    card = page.locator(f"#backup-{backup.pk}")
    assert "2 adventures · 5 mission attempts · 6 plays · 6 people · 2 members" in card.inner_text()
    assert "This backup failed" in page.locator(".backup-failed").inner_text()
    assert serious_violations(page) == []
    assert fits_the_width(page)
    session.shot("backups")

    card.get_by_role("link", name="Restore into a new group…").click()
    page.wait_for_url(re.compile(r"/restore/$"))
    assert page.get_by_role("heading", name=re.compile("A new group, “Thursday crew")).is_visible()
    assert serious_violations(page) == []
    assert fits_the_width(page)
    session.shot("restore-preview")
    page.get_by_role("button", name="Restore into a new group").click()
    page.wait_for_url(re.compile(r"/groups/\d+/$"))
    restored = Group.objects.exclude(pk=group.pk).get()
    assert page.url.endswith(restored.get_absolute_url())
    assert page.get_by_text("The backup is restored into the new group").is_visible()
    session.shot("restored-group")
    same_group(group, restored)
