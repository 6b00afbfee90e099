"""Catalan dates: "2 de des. de 2026", "2 d’abr. de 2026", "2 de des. de 2026, 21:05".

Django's module already puts ``E`` in the date; its catalog gives the bare month ("2 desembre de
2026"). Ours gives the abbreviated month with its "de", elided before a vowel ("alt. month":
"de des.", "d’abr."). The time follows a comma: "a les 1:05" would need "a la" for one o'clock.
"""

DATE_FORMAT = r"j E \d\e Y"
DATETIME_FORMAT = r"j E \d\e Y, G:i"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y G:i"
