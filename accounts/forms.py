from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from accounts.services import time_zones
from groups.validators import validate_no_markup

USERNAME_MAX_LENGTH = User._meta.get_field("username").max_length


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ["username", "email"]
        labels = {"email": _("E-mail")}
        help_texts = {"email": _("Optional; needed only to reset a forgotten password.")}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["username"].validators.append(validate_no_markup)


class LoginForm(AuthenticationForm):
    """Django's log-in form, refusing a username no account can have before authenticating: the
    field's length limit is only a widget attribute, and the failed-login record (255 characters)
    breaks on a longer name."""

    def clean(self) -> dict[str, object]:
        username = self.cleaned_data.get("username")
        if username is not None and len(username) > USERNAME_MAX_LENGTH:
            raise self.get_invalid_login_error()
        return super().clean()  # type: ignore[no-any-return]


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        required=False,
        help_text=_("Every page shows times in this zone."),
        error_messages={"invalid_choice": _("Choose a time zone from the list.")},
    )

    def __init__(self, *args: Any, browser_zone: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        follow = _("This browser's time zone")
        if browser_zone in time_zones():
            follow = _("This browser's time zone (%(zone)s)") % {"zone": browser_zone}
        zones = [(name, name) for name in sorted(time_zones())]
        self.fields["time_zone"].choices = [("", follow), *zones]
