"""Questlog settings, read from the environment.

Embedded default (nothing set): DEBUG on, an SQLite file inside the project, Celery tasks run
eagerly in-process and the cache is local memory. Production sets SECRET_KEY, DEBUG=0,
ALLOWED_HOSTS, DATABASE_URL (PostgreSQL) and REDIS_URL (Celery broker and cache).
"""

import json
import os
from pathlib import Path

import dj_database_url
import django_stubs_ext
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

# Generic Django classes (``ModelAdmin[ContentPack]``) are subscriptable at run time too, as the
# type checker reads them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean: 1/true/yes/on (any case) is true, anything else false."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-only-for-DEBUG-mode-never-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials.apps.SimpleAppConfig",
    "axes",
    "csp",
    "accounts",
    "groups",
    "games",
    "campaign",
    "stats",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # django-axes turns a lockout into a response: only the next one, which changes no
    # response, runs inside it.
    "axes.middleware.AxesMiddleware",
    # After authentication: a signed-in account's stored language replaces the browser's. Sync
    # only and innermost, which keeps the whole chain in the request's thread under ASGI.
    "accounts.middleware.PreferredLanguageMiddleware",
]

ROOT_URLCONF = "config.urls"
# Served by an ASGI server (uvicorn): the table's event streams are async views.
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"


def template_loaders(*, cached: bool) -> list[object]:
    """Django's loaders inside the partials loader (only it understands "page.html#partial"), with
    the cached loader between them when ``cached``: templates compiled once per process."""
    loaders: list[object] = [
        "django.template.loaders.filesystem.Loader",
        "django.template.loaders.app_directories.Loader",
    ]
    if cached:
        loaders = [("django.template.loaders.cached.Loader", loaders)]
    return [("template_partials.loader.Loader", loaders)]


TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["template_partials.templatetags.partials"],
            # Django's i18n library, its blocktranslate eliding Catalan "de" (docs/translations.md).
            "libraries": {"i18n": "web.i18n_tags"},
            # Cached in production; `make run` (DEBUG) reads each template again on every request,
            # so an edit shows at once (its server reloads on Python changes only).
            "loaders": template_loaders(cached=not DEBUG),
        },
    }
]
# The name "i18n" given to web.i18n_tags on purpose (above): the check that warns of one name for
# two tag libraries would say so on every command.
SILENCED_SYSTEM_CHECKS = ["templates.W003"]


def database_from_env() -> dict[str, object]:
    """DATABASE_URL, or an SQLite file inside the project.

    SQLite runs in WAL mode with IMMEDIATE transactions: with Django's default (deferred) mode,
    concurrent writers fail with "database is locked" instead of waiting for each other.
    """
    url = os.environ.get("DATABASE_URL")
    if url:
        # Under ASGI each request runs in a thread of its own: connections are not kept per
        # thread (Django's advice) but taken from psycopg's pool, checked before reuse
        # (CONN_HEALTH_CHECKS: after a database restart a request gets a fresh connection).
        config: dict[str, object] = dict(
            dj_database_url.parse(url, conn_max_age=0, conn_health_checks=True)
        )
        if config["ENGINE"] == "django.db.backends.postgresql":
            config["OPTIONS"] = {
                "pool": {
                    "min_size": 2,
                    "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "20")),
                    "timeout": 10,
                }
            }
    else:
        config = {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "var" / "questlog.sqlite3",
        }
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    return config


DATABASES = {"default": database_from_env()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
# Connecting to a Redis that is down or frozen must fail fast, never hang a request.
REDIS_SOCKET_TIMEOUT = 1.0
REDIS_TIMEOUTS = dict.fromkeys(["socket_timeout", "socket_connect_timeout"], REDIS_SOCKET_TIMEOUT)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # One pool of connections for the process, not one per request (config/redis_pool.py).
            "OPTIONS": {**REDIS_TIMEOUTS, "pool_class": "config.redis_pool.ProcessPool"},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Live games (``web.live``). After this many seconds of quiet an open stream sends a comment line,
# which keeps proxies from closing it, and checks its member is still in the group.
LIVE_HEARTBEAT_SECONDS = float(os.environ.get("LIVE_HEARTBEAT_SECONDS", "15"))
# An event reaches Redis within this many seconds (one retry: twice that) or is dropped with a
# warning, never failing the write; the devices then see the change at their next poll.
LIVE_PUBLISH_TIMEOUT = 0.25
# A game whose region is shared between devices (the campaign table): each open stream carries the
# new region in its event, drawn once per stamp and kind of device. Off, the event carries the
# stamp and every device fetches the region (the benchmark's comparison, ``bench/bench_live.py``).
LIVE_EVENT_CARRIES_REGION = os.environ.get("LIVE_EVENT_CARRIES_REGION", "1") != "0"

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_SOCKET_TIMEOUT
CELERY_BROKER_TRANSPORT_OPTIONS = CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = REDIS_TIMEOUTS
CELERY_TIMEZONE = "UTC"
STATS_DRAIN_SECONDS = float(os.environ.get("STATS_DRAIN_SECONDS", "3"))
# The nightly backups (UTC): beat starts them then; with no broker, the first response after
# that time runs them in-process (campaign.backups.run_nightly_when_due).
BACKUP_HOUR = int(os.environ.get("BACKUP_HOUR", "3"))
BACKUP_MINUTE = int(os.environ.get("BACKUP_MINUTE", "47"))
BACKUP_IN_PROCESS = env_bool("BACKUP_IN_PROCESS", True)


def every(task: str, seconds: float) -> dict[str, object]:
    """``task`` every ``seconds``; ``expires`` keeps beat from piling up runs while no worker
    listens."""
    return {"task": task, "schedule": seconds, "options": {"expires": 2 * seconds}}


# Statistics: the outbox is drained every few seconds and pending full recomputes started; a full
# recompute runs nightly. The play log: confirmed BG Stats imports, and groups whose play
# statistics are stale.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "stats-drain-outbox": every("stats.drain_outbox", STATS_DRAIN_SECONDS),
    "stats-run-pending-jobs": every("stats.run_pending_jobs", 2.0),
    "stats-nightly-recompute": {
        "task": "stats.recompute_all",
        "schedule": crontab(hour=3, minute=17),
    },
    "games-run-pending-imports": every("games.run_pending_imports", 2.0),
    "games-recompute-stale-play-stats": every(
        "games.recompute_stale_play_stats", STATS_DRAIN_SECONDS
    ),
    # What a group deleted is kept 30 days (docs/deleting.md); with no beat (the embedded
    # default) each deletion purges in-process after its response.
    "groups-purge-deleted": {
        "task": "groups.purge_deleted",
        "schedule": crontab(hour=3, minute=41),
    },
    # Every group whose data changed since its last backup (campaign.backups).
    "campaign-nightly-backups": {
        "task": "campaign.backup_groups",
        "schedule": crontab(hour=BACKUP_HOUR, minute=BACKUP_MINUTE),
    },
}
# The function that restores each kind of deleted item from its copy (groups.deleted).
DELETED_ITEM_RESTORERS = {
    "adventure": "campaign.deleting.restore_adventure",
    "play": "games.playlog.restore_play",
}
# Without a broker, drain the acting group's outbox rows in-process once the response is sent.
STATS_DRAIN_ON_COMMIT = env_bool("STATS_DRAIN_ON_COMMIT", True)
# A worker running a full recompute beats this often; a job that missed three beats is failed.
STATS_JOB_HEARTBEAT_SECONDS = float(os.environ.get("STATS_JOB_HEARTBEAT_SECONDS", "5"))

# Other checks /healthz reports under "checks": name -> dotted path of a function returning a
# dict with "state" ("ok", "degraded" or "down") and any figures (config.health).
HEALTH_CHECKS: dict[str, str] = {
    "statistics": "stats.services.outbox_health",
    "backups": "campaign.backups.backup_health",
}

# Sessions live in the database, with or without Redis: Django's ``cached_db`` engine writes a
# session it had to read from the database back to the cache without guarding against a cache
# error, so a frozen Redis would fail every signed-in request (tests/stats/test_redis_down.py).
SESSION_ENGINE = "django.contrib.sessions.backends.db"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "groups:list"
LOGOUT_REDIRECT_URL = "home"

# Login throttling: counts live in the database, so it keeps working with Redis down.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "questlog@localhost")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("pt-br", _("Português (Brasil)")), ("ca", _("Català"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# DATE_FORMAT and its kin per language (config/formats/<language>/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]
# Views that answer without loading the session or the user (accounts.middleware leaves them be).
SESSIONLESS_URL_NAMES = [
    f"{game}:{view}" for game in ("table", "solsticio", "bonfire") for view in ("stream", "version")
] + ["manifest", "service_worker", "offline"]  # the same for everyone (web.install)
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]


def backup_storage() -> dict[str, object]:
    """Where the nightly backups go: BACKUP_STORAGE_BACKEND (a storage class, e.g. django-storages'
    ``storages.backends.s3.S3Storage``, installed beside Questlog) with BACKUP_STORAGE_OPTIONS (its
    options as a JSON object); by default files under var/backups."""
    backend = os.environ.get("BACKUP_STORAGE_BACKEND", "")
    options = json.loads(os.environ.get("BACKUP_STORAGE_OPTIONS", "") or "{}")
    if not backend:
        backend = "django.core.files.storage.FileSystemStorage"
        options.setdefault("location", str(BASE_DIR / "var" / "backups"))
    return {"BACKEND": backend, "OPTIONS": options}


STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "backups": backup_storage(),
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Every page forbids inline scripts and styles; scripts and styles come from our own static files.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
