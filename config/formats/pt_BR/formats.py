"""Brazilian Portuguese dates: "2 de dez. de 2026", "2 de dez. de 2026, 21:05".

Django's module writes the month with a capital ("2 de Dezembro de 2026"); Portuguese writes it
in lower case. ``E`` is the abbreviated month of our catalog ("alt. month": "dez.", "maio"). The
time follows a comma: "às 01:05" would need "à" for one o'clock.
"""

DATE_FORMAT = r"j \d\e E \d\e Y"
DATETIME_FORMAT = r"j \d\e E \d\e Y, H:i"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
