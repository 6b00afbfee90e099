"""How each language writes a date and a time (``settings.FORMAT_MODULE_PATH``).

Every page shows a date through one of four names, never a pattern of its own: ``DATE_FORMAT``
(a day: "Dec. 2, 2026", "2 de dez. de 2026", "2 de des. de 2026"), ``DATETIME_FORMAT`` (a
moment: the same day and the time), and their short forms for tight places. A language's module
here sets them; what it leaves out comes from Django's own module for the language.

Portuguese and Catalan write the month of a date in lower case, and Catalan elides "de" before a
vowel (*2 d’abr. de 2026*). The format character ``E`` ("the month as a date shows it") reads its
words from the catalogs under the context "alt. month": ours give the abbreviated month, in lower
case, with "de" or "d’" in Catalan. The list below is here so that ``makemessages`` keeps those
entries.
"""

from django.utils.translation import pgettext_lazy

MONTHS_IN_DATES = (
    pgettext_lazy("alt. month", "January"),
    pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"),
    pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"),
    pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"),
    pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"),
    pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"),
    pgettext_lazy("alt. month", "December"),
)
