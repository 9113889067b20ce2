"""FogDip settings: every value comes from the environment (see .env.example).

With nothing set, FogDip runs on embedded defaults a newcomer needs no server
for: SQLite and a SQLite-backed Celery broker under ./data, and email written to
./data/mail where the dev mailbox page shows it.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from fogdip.deployment import DEFAULT_TRUSTED_PROXIES, email_problems, trust_problems
from fogdip.env import (
    cache_setting,
    database_setting,
    env_bool,
    env_int,
    env_list,
    env_networks,
    env_rate,
    env_str,
)
from fogdip.queues import declared_queues, task_routes

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("FOGDIP_DATA_DIR") or BASE_DIR / "data")

DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-only-key"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
SITE_NAME = "FogDip"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "anymail",
    "axes",
    "csp",
    # FogDip's apps, lowest layer first (docs/where.md, "The apps").
    "common",
    "postoffice",
    "accounts",
    "standing",
    "games",
    "battles",
    "api",
    "fogdip",
]

MIDDLEWARE = [
    # First: X-Forwarded-* headers count only when the TLS proxy sent them.
    "common.middleware.ForwardedHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads a body: one over DATA_UPLOAD_MAX_MEMORY_SIZE is
    # refused at once (413), and every refusal under /api/ is JSON.
    "common.problems.ApiProblemsMiddleware",
    # Outside the session and the page caching: the API's ETags, cache
    # lifetimes, rate-limit headers, CORS, and no Vary: Cookie (api/polling.py).
    "api.polling.ApiPollingMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, keeping sessions from before accounts.signed_in's backend signed in.
    "accounts.signed_in.SignedInMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "accounts.middleware.TimeZoneMiddleware",
    "common.middleware.PrivatePagesMiddleware",
    "common.middleware.RefuseNulInQueryMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a refused sign-in into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "fogdip.urls"
WSGI_APPLICATION = "fogdip.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.address_status",
            ],
        },
    },
    {
        # The game page and the partials it shares with other pages, the page
        # players reload most: drawn by Django's engine it was two thirds of
        # its CPU under the profiler; drawn by Jinja2 the page serves 1.2
        # times as many a second. Django's pages bring them in with
        # {% jinja %} (docs/performance-history.md, "The game page drawn by
        # Jinja2").
        "NAME": "jinja2",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        # The site's shared parts in templates/jinja2/, each app's in its jinja2/.
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "fogdip.templating.environment"},
    },
    {
        # Plain text (an email's subject and text body, postoffice.compose):
        # the same templates, never HTML-escaped, so a game named "<b>x</b>"
        # reads so, not "&lt;b&gt;x&lt;/b&gt;". Asked for by name only.
        "NAME": "text",
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {"autoescape": False},
    },
]
# Form fields are drawn from Django's own Jinja2 copies of its widget
# templates: the same pages (tested), and the game page 15.5 -> 13.6 ms of
# CPU (docs/performance-history.md, "Form fields drawn by Jinja2"); their
# labels are written out by common.form_rendering, byte for byte as that
# template would.
FORM_RENDERER = "common.form_rendering.FormRenderer"

DATABASES = {
    "default": database_setting("DATABASE_URL", f"sqlite:///{DATA_DIR / 'fogdip.sqlite3'}")
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# django-axes first: it refuses a locked-out sign-in before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's model backend, reading the user with what every page shows of them.
    "accounts.signed_in.SignedInBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
# Stored map pictures (games.maps_adapter) live here.
MEDIA_ROOT = DATA_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- Security (docs/security.md) ----------------------------------------------
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY")
# The proxy's own addresses: only a request that comes from one of them has its
# X-Forwarded-For and X-Forwarded-Proto believed (common.client_ip); anyone else
# is known by the address they connect from.
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES", DEFAULT_TRUSTED_PROXIES)
if BEHIND_TLS_PROXY and (_problems := trust_problems(TRUSTED_PROXIES)):
    raise ImproperlyConfigured("BEHIND_TLS_PROXY is set, but " + "; ".join(_problems))
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_TLS_PROXY else None
# Django's database sessions, read by a query compiled once.
SESSION_ENGINE = "accounts.sessions"
SERVED_OVER_HTTPS = SITE_URL.startswith("https://")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SERVED_OVER_HTTPS
# A site served over https says so for a year and sends plain http there.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=SERVED_OVER_HTTPS)
# The container's health check asks over plain http from inside.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if SERVED_OVER_HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
# Preloading is a request the domain's owner makes to the browser makers, for
# every subdomain, and is hard to undo: it stays the operator's choice.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
X_FRAME_OPTIONS = "DENY"

# Only our own files run or style a page: no inline script or style anywhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
        "object-src": ["'none'"],
    },
}

# Sign-in throttling (django-axes, accounts.signin_throttle): wrong passwords
# pause an (account, address) pair and, past a higher count, an address; an
# account itself is only slowed down (one password every few seconds, except
# from a browser that signed in to it before), so a stranger cannot lock a
# player out. Refusals answer at once (429, Retry-After) and are not counted.
AXES_HANDLER = "accounts.signin_throttle.ThrottleHandler"
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 20)
LOGIN_SLOWDOWN_MAX_SECONDS = env_int("LOGIN_SLOWDOWN_MAX_SECONDS", 3)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_CLIENT_IP_CALLABLE = "common.client_ip.client_ip"
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False

# The cache holds the rate-limit counters (common.limits): Redis shares them
# between every web process; the default, files in the data folder, between the
# processes of one machine.
CACHES = {
    "default": cache_setting("CACHE_URL", DATA_DIR / "cache"),
    # Parts of a player's game page, kept in each process's memory under a key
    # made of all they show (games/views/pieces.py): bounded, never shared.
    "pieces": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fogdip-pieces",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 4000},
    },
}
# Each limit is "count/period" (s, m, h or d), counted per person or per address.
RATE_LIMITS = {
    "signup": env_rate("RATE_LIMIT_SIGNUP", "5/h"),
    "password_reset": env_rate("RATE_LIMIT_PASSWORD_RESET", "5/h"),
    "verification": env_rate("RATE_LIMIT_VERIFICATION", "5/h"),
    "invitation": env_rate("RATE_LIMIT_INVITATION", "30/h"),
    "press": env_rate("RATE_LIMIT_PRESS", "60/h"),
    "order_check": env_rate("RATE_LIMIT_ORDER_CHECK", "120/m"),
    "api": env_rate("RATE_LIMIT_API", "120/m"),
    "api_tokens": env_rate("RATE_LIMIT_API_TOKENS", "10/d"),
    "address_notice": env_rate("RATE_LIMIT_ADDRESS_NOTICE", "3/d"),
}

# The bearer token Prometheus sends to /metrics/ (fogdip.metrics); unset, the
# page does not exist.
METRICS_TOKEN = env_str("METRICS_TOKEN")

# --- Celery -----------------------------------------------------------------
# No broker set: kombu's SQLAlchemy transport on a SQLite file of its own
# (fogdip/broker.py), which needs no server. Its writers take SQLite's lock,
# so web, beat and worker writing at once never leave a half-written message
# for a reader (the filesystem transport did: a worker died reading one).
# The filesystem transport is still set up when CELERY_BROKER_URL names it.
BROKER_DIR = DATA_DIR / "broker"
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL") or f"sqlite:///{DATA_DIR / 'broker.sqlite3'}"
if CELERY_BROKER_URL.startswith("sqlite:"):  # the default, or a worker handed its URL
    CELERY_BROKER_TRANSPORT = "fogdip.broker:Transport"
# A worker polls its queues in sorted order, so "adjudication" comes before
# "mail" (fogdip.queues): a deadline waiting is always taken before the next
# batch of email, however long the mail queue (kombu's default takes them in
# turn, which lets a burst of sending slow adjudication down).
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {"queue_order_strategy": "sorted"}
if CELERY_BROKER_URL.startswith("filesystem://"):
    for sub in ("out", "processed", "control"):
        (BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS |= {
        "data_folder_in": str(BROKER_DIR / "out"),
        "data_folder_out": str(BROKER_DIR / "out"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
    }
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=False)
# Each kind of work on its own queue (fogdip.queues); every task is
# idempotent (claims by conditional UPDATE), so a task is acknowledged only
# once it has run, and a worker takes one task at a time, so a long
# adjudication never holds others back in its prefetch.
FOGDIP_QUEUE_PREFIX = ""
CELERY_TASK_ROUTES = task_routes(FOGDIP_QUEUE_PREFIX)
# Declared, so a worker started without -Q consumes every one of them.
CELERY_TASK_QUEUES = declared_queues(FOGDIP_QUEUE_PREFIX)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Database connections outlive a task: fogdip.celery closes them by Django's
# rules for requests (CONN_MAX_AGE, health checks) instead of Celery closing
# every one after every task. Celery still closes them after this many tasks.
CELERY_DB_REUSE_MAX = 1000
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
# Task modules beyond each app's tasks.py, imported when a worker starts.
CELERY_IMPORTS = ("postoffice.tasks",)
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")
SWEEP_INTERVAL_SECONDS = env_int("SWEEP_INTERVAL_SECONDS", 60)
# The most caretaker passes one sweep plays, site-wide (api/caretaking.py): a
# pass costs about 0.1 s of a worker's CPU, and anyone may start practice
# games; real games' seats, then the nearest deadlines, go first.
CARETAKER_PASSES_PER_SWEEP = max(1, env_int("CARETAKER_PASSES_PER_SWEEP", 100))
# Deadlines are swept more often than the outbox: a phase waits at most this
# long past its deadline, and the sweep is three indexed queries.
DEADLINE_SWEEP_SECONDS = env_int("DEADLINE_SWEEP_SECONDS", 10)
# The dashboard and the game page ask games/status.json this often (one small
# request, a constant number of queries): at most once per player per 30 s.
LIVE_POLL_SECONDS = max(1, env_int("LIVE_POLL_SECONDS", 30))

# --- Email ------------------------------------------------------------------
EMAIL_BACKENDS = {
    "file": "django.core.mail.backends.filebased.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
    "memory": "django.core.mail.backends.locmem.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "amazon_ses": "anymail.backends.amazon_ses.EmailBackend",
    "brevo": "anymail.backends.brevo.EmailBackend",
    "mailgun": "anymail.backends.mailgun.EmailBackend",
    "mailjet": "anymail.backends.mailjet.EmailBackend",
    "postmark": "anymail.backends.postmark.EmailBackend",
    "resend": "anymail.backends.resend.EmailBackend",
    "sendgrid": "anymail.backends.sendgrid.EmailBackend",
    "sparkpost": "anymail.backends.sparkpost.EmailBackend",
}
_email_choice = env_str("EMAIL_BACKEND")
if _problems := email_problems(DEBUG, _email_choice):
    raise ImproperlyConfigured("; ".join(_problems))
# In development, mail goes to files under the data directory (the dev mailbox).
_email_choice = _email_choice or "file"
if _email_choice not in EMAIL_BACKENDS:
    raise ImproperlyConfigured(
        f"EMAIL_BACKEND must be one of {', '.join(sorted(EMAIL_BACKENDS))}, not {_email_choice!r}"
    )
EMAIL_BACKEND = EMAIL_BACKENDS[_email_choice]
# The anymail providers whose webhooks are open (postoffice.webhook_guard): the
# one that sends, and the one that receives replies when it is another.
EMAIL_PROVIDER = _email_choice if EMAIL_BACKEND.startswith("anymail.") else ""
_anymail_providers = sorted(k for k, v in EMAIL_BACKENDS.items() if v.startswith("anymail."))
INBOUND_EMAIL_PROVIDER = env_str("INBOUND_EMAIL_PROVIDER") or EMAIL_PROVIDER
if INBOUND_EMAIL_PROVIDER and INBOUND_EMAIL_PROVIDER not in _anymail_providers:
    raise ImproperlyConfigured(
        f"INBOUND_EMAIL_PROVIDER must be one of {', '.join(_anymail_providers)}, "
        f"not {INBOUND_EMAIL_PROVIDER!r}"
    )
EMAIL_FILE_PATH = DATA_DIR / "mail"
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "FogDip <fogdip@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Every ANYMAIL_* variable (ANYMAIL_MAILGUN_API_KEY, ANYMAIL_WEBHOOK_SECRET, ...)
# becomes an entry of the ANYMAIL setting, the way anymail documents them.
ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value
    for key, value in os.environ.items()
    if key.startswith("ANYMAIL_")
}
# Email in: replies to game email play (postoffice/inbound, games/replies). Each reply address is
# LOCAL_PART+<signed token>@DOMAIN; the domain defaults to DEFAULT_FROM_EMAIL's.
INBOUND_EMAIL_LOCAL_PART = env_str("INBOUND_EMAIL_LOCAL_PART", "play")
INBOUND_EMAIL_DOMAIN = env_str("INBOUND_EMAIL_DOMAIN")
INBOUND_EMAIL_MAX_BYTES = env_int("INBOUND_EMAIL_MAX_BYTES", 1024 * 1024)
# Reading one message (the worker's, the pipe's) stops after this long and
# refuses it (postoffice.inbound.budget); real mail takes milliseconds.
INBOUND_READ_SECONDS = env_int("INBOUND_READ_SECONDS", 5)
# A signed webhook request is refused this far from our clock, and its
# signature token is accepted once (postoffice.webhook_replay).
WEBHOOK_MAX_AGE_SECONDS = env_int("WEBHOOK_MAX_AGE_SECONDS", 300)

# plain: lines for a person; json: one JSON object a line for a log collector
# (fogdip.logs), from the web, gunicorn, the worker and beat alike.
LOG_FORMAT = env_str("LOG_FORMAT", "plain")
if LOG_FORMAT not in ("plain", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be plain or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {"()": "fogdip.logs.JsonFormatter"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# --- Games ------------------------------------------------------------------
# The sweeps: no task is ever scheduled for a deadline. Every
# DEADLINE_SWEEP_SECONDS one claims due phases and adjudicates them
# (games.tasks); every SWEEP_INTERVAL_SECONDS the other queues due reminders,
# frees dead workers' claims and sends unsent email (postoffice.tasks).
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {
        "task": "games.tasks.sweep_deadlines",
        "schedule": float(DEADLINE_SWEEP_SECONDS),
    },
    # Grid battles' side-turns past their deadline (battles.tasks).
    "sweep-battle-turns": {
        "task": "battles.tasks.sweep_turns",
        "schedule": float(DEADLINE_SWEEP_SECONDS),
    },
    "sweep-outbox": {
        "task": "postoffice.tasks.sweep_outbox",
        "schedule": float(SWEEP_INTERVAL_SECONDS),
    },
    # Received mail whose task was lost or whose worker died (postoffice.inbound.waiting).
    "sweep-received-mail": {
        "task": "postoffice.tasks.sweep_received_mail",
        "schedule": float(SWEEP_INTERVAL_SECONDS),
    },
    # The caretaker orders for the seats given to it (api/caretaking.py), on
    # a queue of its own after adjudication and mail (fogdip/queues.py).
    "care-for-seats": {
        "task": "api.tasks.care_for_seats",
        "schedule": float(SWEEP_INTERVAL_SECONDS),
    },
    "clear-expired-sessions": {
        "task": "accounts.tasks.clear_expired_sessions",
        "schedule": 24 * 60 * 60.0,
    },
}
