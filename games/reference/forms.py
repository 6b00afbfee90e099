from django import forms
from django.utils.translation import gettext_lazy as _


class SearchForm(forms.Form):
    q = forms.CharField(
        label=_("Search the rules"),
        max_length=100,
        required=False,
        strip=True,
        widget=forms.TextInput(attrs={"type": "search"}),
    )
