"""Requests to the site's own /api/v1/, answered in this process as a web server would.

The caretaker's pass runs in a worker, not behind the web server, yet it must
be answered exactly as a program calling the API over HTTP is: through every
middleware (the host check, the security headers, the sign-in middleware),
the URL configuration and the API's own authentication. So each request is a
real WSGI environ, made into Django's ``WSGIRequest`` and passed to a handler
that loaded the site's middleware, as ``WSGIHandler`` does. It carries the
seat's pass (api/seat_pass.py) where a program's request carries its bearer
token: the API's authentication takes either, and the pass is no token row.

What it leaves out of ``WSGIHandler`` is on purpose: the ``request_started``
and ``request_finished`` signals, whose receiver closes the database
connection after each request. The pass runs inside the worker's own
transaction handling (a savepoint per seat, common.isolated), which a closed
connection would break; the worker closes its connections itself.
"""

from __future__ import annotations

import io
from functools import cache
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.base import BaseHandler
from django.core.handlers.wsgi import WSGIRequest
from django.http.request import split_domain_port, validate_host

from api.models import ApiToken
from api.seat_pass import ENVIRON_KEY
from caretaker.client import Transport

API = "/api/v1"
# The worker is on the site's own machine: the request comes from no proxy.
LOCAL_ADDRESS = "127.0.0.1"


def in_process(seat_pass: ApiToken) -> Transport:
    """The client's requests with the seat's pass, answered by the site in this process."""

    def send(method: str, path: str, body: bytes | None) -> tuple[int, bytes]:
        environ = wsgi_environ(method, API + path, body or b"", seat_pass)
        answer = site_handler().get_response(WSGIRequest(environ))
        # The API answers JSON, never a stream; a stream is read all the same.
        return answer.status_code, b"".join(answer)

    return send


@cache
def site_handler() -> BaseHandler:
    """The site's middleware chain around its URL configuration, loaded once."""
    handler = BaseHandler()
    handler.load_middleware()
    return handler


def wsgi_environ(method: str, url: str, body: bytes, seat_pass: ApiToken) -> dict[str, object]:
    """What a WSGI server hands Django for this request, addressed to the site itself."""
    scheme, host, port = own_address()
    path, _, query = url.partition("?")
    environ: dict[str, object] = {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": host,
        "SERVER_PORT": port,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": LOCAL_ADDRESS,
        "HTTP_HOST": host if port in ("80", "443") else f"{host}:{port}",
        "HTTP_ACCEPT": "application/json",
        ENVIRON_KEY: seat_pass,
        "HTTP_USER_AGENT": "fogdip-caretaker",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scheme,
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": io.StringIO(),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "CONTENT_LENGTH": str(len(body)),
    }
    if body:
        environ["CONTENT_TYPE"] = "application/json"
    return environ


def own_address() -> tuple[str, str, str]:
    """The scheme, host and port of the site (SITE_URL), or else the first host
    ALLOWED_HOSTS accepts: a host the site refuses would refuse every request."""
    site = urlsplit(settings.SITE_URL)
    scheme = site.scheme or "http"
    port = str(site.port or (443 if scheme == "https" else 80))
    for host in (site.hostname or "", *settings.ALLOWED_HOSTS):
        name = "localhost" if host == "*" else host.lstrip(".")
        if name and validate_host(split_domain_port(name)[0], settings.ALLOWED_HOSTS):
            return scheme, name, port
    raise ImproperlyConfigured("ALLOWED_HOSTS accepts no host the caretaker could address.")
