"""Test settings: the same as production-shaped settings, with fast hashing and in-memory e-mail.

DATABASE_URL and REDIS_URL still come from the environment, so CI runs the suite on PostgreSQL.
"""

import os

from config.settings import *  # noqa: F403
from config.settings import DATABASES, TEMPLATES, template_loaders

# Templates compiled once per process, as in production: a test (and a test's server, which runs
# these settings too) pays for rendering, not for compiling every template again.
TEMPLATES[0]["OPTIONS"]["loaders"] = template_loaders(cached=True)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not memory: live-server threads and subprocess workers share the test database.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "var" / "test.sqlite3")}  # noqa: F405
# Serve static files from the apps and static/ directly; no collectstatic before tests.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# A stream's heartbeat every second: no test waits long for one (none should need it at all);
# the live tests' servers ask for none (LIVE_HEARTBEAT_SECONDS=60, tests.support.servers).
LIVE_HEARTBEAT_SECONDS = float(os.environ.get("LIVE_HEARTBEAT_SECONDS", "1"))
# Backups: files in a directory of the tests' own; the in-process nightly run only where a test
# asks for it (it would add a request's queries to whichever test ran first).
STORAGES["backups"] = {  # noqa: F405
    "BACKEND": "django.core.files.storage.FileSystemStorage",
    "OPTIONS": {"location": str(BASE_DIR / "var" / "test-backups")},  # noqa: F405
}
BACKUP_IN_PROCESS = False
