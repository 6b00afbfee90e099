"""Bad input gets a clear message next to the field, and nothing is half-saved."""

import pytest
from django.urls import reverse

from groups import views
from groups.models import Group, Invite, Membership, Role
from groups.validators import MARKUP_IN_NAME
from tests.support.pages import text

BAD_NAMES = {
    "": "This field is required.",
    "   ": "This field is required.",
    "x" * 10_000: "Ensure this value has at most 80 characters (it has 10000).",
    "<script>alert(1)</script>": str(MARKUP_IN_NAME),
    "<b>bold</b>": str(MARKUP_IN_NAME),
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "message"), BAD_NAMES.items(), ids=["empty", "blank", "long", "script", "html"]
)
def test_create_group_rejects_bad_names(client, owner, name, message):
    before = Group.objects.count()
    client.force_login(owner)
    response = client.post(reverse("groups:list"), {"name": name})
    assert response.status_code == 400
    page = text(response)
    assert 'id="id_name_errors"' in page
    assert message in page
    assert Group.objects.count() == before


@pytest.mark.django_db
def test_create_group_makes_creator_owner(client, owner):
    client.force_login(owner)
    response = client.post(reverse("groups:list"), {"name": "  Thursday crew "})
    group = Group.objects.get(name="Thursday crew")
    assert response["Location"] == group.get_absolute_url()
    assert Membership.objects.get(group=group, user=owner).role == Role.OWNER


@pytest.mark.django_db
def test_rename_rejects_bad_name_and_keeps_the_old_one(client, group, owner):
    client.force_login(owner)
    response = client.post(reverse("groups:rename", args=[group.pk]), {"name": "x" * 10_000})
    assert response.status_code == 400
    assert "at most 80 characters" in text(response)
    assert Group.objects.get(pk=group.pk).name == group.name


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["owner", "superadmin", "", "1"])
def test_invite_with_wrong_role_type_is_refused(client, group, owner, role):
    client.force_login(owner)
    response = client.post(
        reverse("groups:invite-create", args=[group.pk]), {"role": role}, follow=True
    )
    assert str(views.INVITE_ROLE_NEEDED) in text(response)
    assert not Invite.objects.filter(group=group).exists()


@pytest.mark.django_db
def test_role_change_with_wrong_value_is_refused(client, group, owner, player):
    member = Membership.objects.get(user=player)
    client.force_login(owner)
    response = client.post(
        reverse("groups:member-role", args=[group.pk, member.pk]), {"role": "god"}, follow=True
    )
    assert str(views.ROLE_NEEDED) in text(response)
    assert Membership.objects.get(pk=member.pk).role == Role.PLAYER


@pytest.mark.django_db
def test_group_names_with_markup_never_render_as_markup(client, owner):
    """Even data that bypassed the form (admin, import) is escaped on every page."""
    group = Group.objects.create(name="<script>x</script>")
    Membership.objects.create(group=group, user=owner, role=Role.OWNER)
    client.force_login(owner)
    page = client.get(reverse("groups:list")).content.decode()
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page
