"""English dates: Django's own days ("Dec. 2, 2026"), set here so that the four formats a page
uses are read in one place for every language. The time is "9:05 PM": Django's "9:05 p.m." ends
a sentence with two full stops ("Numbers as of Dec. 2, 2026, 9:05 p.m..")."""

DATE_FORMAT = "N j, Y"
DATETIME_FORMAT = "N j, Y, g:i A"
SHORT_DATE_FORMAT = "m/d/Y"
SHORT_DATETIME_FORMAT = "m/d/Y g:i A"
