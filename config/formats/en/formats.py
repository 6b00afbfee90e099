"""English dates: Django's own ("Dec. 2, 2026", "Dec. 2, 2026, 9:05 p.m."), set here so that
the four formats a page uses are read in one place for every language."""

DATE_FORMAT = "N j, Y"
DATETIME_FORMAT = "N j, Y, P"
SHORT_DATE_FORMAT = "m/d/Y"
SHORT_DATETIME_FORMAT = "m/d/Y P"
