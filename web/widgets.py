"""Form widgets every app shares."""

from __future__ import annotations

from typing import Any

from django import forms

ISO_DATE = "%Y-%m-%d"


class DateInput(forms.DateInput):
    """A browser's date picker. Its value is always ``yyyy-mm-dd``, whatever the page's language:
    a date input refuses any other value (a Portuguese page's "02/12/2026" left it empty), and the
    browser shows the date the reader's way. The form field reads it back in every language
    (Django adds the ISO format to each language's ``DATE_INPUT_FORMATS``)."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs=attrs, format=ISO_DATE)
