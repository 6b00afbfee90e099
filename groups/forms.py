"""Forms for groups, their members and invites."""

from django import forms
from django.utils.translation import gettext_lazy as _

from groups.models import Group, Invite, Membership, Role
from groups.validators import validate_no_markup


class GroupForm(forms.ModelForm):
    class Meta:
        model = Group
        fields = ["name"]
        help_texts = {"name": _("What your table calls itself, e.g. “Thursday crew”.")}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["name"].validators.append(validate_no_markup)


class InviteForm(forms.ModelForm):
    class Meta:
        model = Invite
        fields = ["role"]
        labels = {"role": _("Joins as")}


class MembershipRoleForm(forms.ModelForm):
    class Meta:
        model = Membership
        fields = ["role"]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["role"].choices = Role.choices
