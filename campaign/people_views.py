"""The group's people page: members appear as people by themselves; players add and rename
guests and link a guest to a member who joined (``games.people``, ``campaign.seats``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count
from django.db.models.functions import Lower
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from campaign.forms import LinkForm, PersonForm
from campaign.seats import link_guest
from games.models import Person
from games.people import PeopleError, group_people, save_name
from groups.access import member_view, require_player
from groups.models import Membership


@member_view("GET", "POST")
def people(request: HttpRequest, membership: Membership) -> HttpResponse:
    group = membership.group
    group_people(group)
    refused: dict[tuple[str, int | None], Any] = {}
    if request.method == "POST":
        require_player(membership)
        action = request.POST.get("action")
        person = Person(group=group)
        if action != "add":
            posted = request.POST.get("person", "").strip()
            person = get_object_or_404(group.people, pk=int(posted) if posted.isdecimal() else 0)
        prefix = f"{action}-{person.pk}" if person.pk else "add"
        form: Any = (
            LinkForm(request.POST, group_id=group.pk, prefix=prefix)
            if action == "link"
            else PersonForm(request.POST, prefix=prefix)
        )
        if form.is_valid():
            try:
                if action == "link":
                    done = link_guest(guest=person, member=form.cleaned_data["member"])
                    note = _("%(name)s is now linked to a member.")
                else:
                    done = save_name(person, form.cleaned_data["name"])
                    note = _("Saved %(name)s.")
            except PeopleError as error:
                form.add_error(error.field, str(error))
            else:
                messages.success(request, note % {"name": done.name})
                return redirect("campaign:people", group.pk)
        refused[(str(action), person.pk)] = form
    everyone = (
        Person.objects.filter(group=group)
        .select_related("user")
        .annotate(attempts=Count("seats", distinct=True))
        .order_by(Lower("name"), "pk")
    )
    rows = [
        {
            "person": p,
            "rename": refused.get(("rename", p.pk))
            or PersonForm(initial={"name": p.name}, prefix=f"rename-{p.pk}"),
            "link": refused.get(("link", p.pk))
            or LinkForm(group_id=group.pk, prefix=f"link-{p.pk}"),
        }
        for p in everyone
    ]
    context = {
        "group": group,
        "membership": membership,
        "rows": rows,
        "add_form": refused.get(("add", None)) or PersonForm(prefix="add"),
        "has_members": any(p.user_id for p in everyone),
    }
    return render(request, "campaign/people.html", context, status=400 if refused else 200)
