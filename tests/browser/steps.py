"""Steps several browser tests take the same way: the owner of a group signed in on its page,
and the charts of a statistics page checked to fit a phone."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from groups.models import Group, Membership, Role
from tests.browser.table_driver import log_in
from tests.factories import UserFactory


def owner_on_group_page(browser_session: Any, name: str) -> tuple[Group, Any]:
    """ana, owner of the group "Thursday crew", signed in on a phone (screenshots under ``name``)
    that shows the group's page: the group and the session."""
    owner = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=owner, role=Role.OWNER)
    session = browser_session(name=name)
    log_in(session, "ana")
    session.page.goto(reverse("groups:detail", args=[group.pk]))
    return group, session


def charts_fit_a_phone(page: Any) -> int:
    """Every chart's picture on the page fits a phone's width (360 px): how many there are."""
    charts = page.locator("figure.chart svg")
    for index in range(charts.count()):
        box = charts.nth(index).bounding_box()
        assert box is not None
        assert box["width"] <= 360, "charts fit a phone's width"
    return int(charts.count())
