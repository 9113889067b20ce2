"""Anymail's webhooks, locked: only the configured provider's, and only signed.

Anymail serves a tracking (and an inbound) webhook for every provider it
knows. Left as they are, a provider we do not use answers 500 (its key is
missing) and one that relies on a shared secret accepts anything while the
secret is unset, so anyone could post a forged bounce and stop a player's
results. Here:

- every anymail URL pattern is wrapped: a provider other than EMAIL_BACKEND's
  (or INBOUND_EMAIL_PROVIDER's, when replies come through another provider),
  or one whose verification is not configured, answers 404;
- with DEBUG off, start-up refuses (ImproperlyConfigured, naming the setting)
  any configuration in which one of the provider's webhooks would accept an
  unsigned request. The test is anymail's own: building the view raises for a
  missing signing key, and warns (AnymailInsecureWebhookWarning) when only the
  shared secret could protect it and none is set. So the check covers every
  pattern anymail ships, tracking and inbound, without a list of our own;
- a request whose signature holds is then refused when it is stale or a
  replay (postoffice.webhook_replay), and an inbound message shaped to make
  parsing costly is recorded and answered 200 before anymail parses it
  (postoffice.inbound.webhooks.refused_unread), so the provider does not retry;
- a request that the provider's checks or parsers trip on (JSON nested past
  the parser's stack, a list where an object belongs) is answered 400 with a
  warning, never a 500 with a traceback; an inbound message anymail cannot
  parse is recorded as refused and answered 200.
"""

from __future__ import annotations

import io
import logging
import warnings
from typing import Any

from anymail import urls as anymail_urls
from anymail.exceptions import AnymailInsecureWebhookWarning, AnymailWebhookValidationFailure
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.wsgi import WSGIRequest
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.urls import URLPattern
from django.views.decorators.csrf import csrf_exempt

from postoffice.inbound.webhooks import record_unparsable, refused_unread
from postoffice.webhook_replay import why_replayed

logger = logging.getLogger(__name__)
SECRET_SETTING = "ANYMAIL_WEBHOOK_SECRET"


def provider_of(pattern: URLPattern) -> str:
    """ "mailgun/tracking/" and r"^mailgun/inbound(_mime)?/$" both belong to mailgun."""
    return str(pattern.pattern).lstrip("^").split("/", 1)[0]


def open_providers() -> set[str]:
    return {settings.EMAIL_PROVIDER, settings.INBOUND_EMAIL_PROVIDER} - {""}


def why_unsafe(callback: Any) -> str:
    """Why this webhook would accept an unsigned request, or "" when it would not."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", AnymailInsecureWebhookWarning)
        try:
            view = callback.view_class(**callback.view_initkwargs)
        except ImproperlyConfigured as missing:
            return str(missing)
    if any(issubclass(w.category, AnymailInsecureWebhookWarning) for w in caught):
        return (
            f"it would accept unsigned requests: set {SECRET_SETTING} "
            "(user:password, also given to the provider in the webhook URL)"
        )
    return why_an_unsigned_request_passes(view)


def why_an_unsigned_request_passes(view: Any) -> str:
    """Put an unsigned, empty request to the view's own checks: it must be refused."""
    try:
        view.run_validators(unsigned_request())
    except ImproperlyConfigured as missing:  # some providers look for their key only now
        return str(missing)
    except Exception:  # any refusal is what we want to see
        return ""
    return "it accepted an unsigned request"


def unsigned_request() -> HttpRequest:
    """An empty JSON POST with no signature, as a WSGI server would hand it over."""
    body = b"{}"
    return WSGIRequest(
        {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": "/",
            "SERVER_NAME": "localhost",
            "SERVER_PORT": "80",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http",
        }
    )


class Unreadable(Exception):
    """The provider's own checks tripped on the request (JSON nested past the
    parser's stack, a non-ASCII token, a list where an object belongs): it is
    no signed request, and is answered 400 here, never 500."""


# What the provider's checks and parsers raise on a request nobody signed.
TRIPS = (RecursionError, ValueError, TypeError, KeyError, AttributeError)


def signed(callback: Any, request: HttpRequest) -> bool:
    """Whether the provider's own checks pass; when they do not, its view
    answers the request itself (400) as it always did. Raises Unreadable."""
    try:
        callback.view_class(**callback.view_initkwargs).run_validators(request)
    except AnymailWebhookValidationFailure:
        return False
    except TRIPS as error:
        raise Unreadable(type(error).__name__) from None
    return True


def is_inbound(pattern: URLPattern) -> bool:
    return "inbound" in str(pattern.pattern)


def locked(pattern: URLPattern) -> URLPattern:
    provider = provider_of(pattern)
    callback = pattern.callback

    @csrf_exempt
    def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if provider not in open_providers():
            raise Http404(f"FogDip does not send through {provider}")
        problem = why_unsafe(callback)
        if problem:
            logger.warning("%s webhook refused: %s", provider, problem)
            raise Http404(f"The {provider} webhook is not configured")
        try:
            refusal = why_not_passed_on(provider, pattern, callback, request)
        except Unreadable as error:
            return unreadable(provider, str(error))
        if refusal is not None:
            return refusal
        return answered(provider, pattern, callback, request, *args, **kwargs)

    return URLPattern(pattern.pattern, view, pattern.default_args, pattern.name)


def why_not_passed_on(
    provider: str, pattern: URLPattern, callback: Any, request: HttpRequest
) -> HttpResponse | None:
    """The answer to a signed request stopped here (a replay, a costly
    message recorded unread), or None to pass it on to anymail's view."""
    if not signed(callback, request):
        return None  # anymail's view refuses it (400), as it always did
    replayed = why_replayed(provider, request)
    if replayed:
        logger.warning("%s webhook refused: %s", provider, replayed)
        return HttpResponseBadRequest(f"Refused: {replayed}.")
    if is_inbound(pattern) and refused_unread(request, f"webhook: {provider}"):
        return HttpResponse("Recorded and refused.")
    return None


def answered(
    provider: str, pattern: URLPattern, callback: Any, request: HttpRequest, *args: Any, **kw: Any
) -> HttpResponse:
    """anymail's view, whose parsers may still trip on what its checks let
    through: a 400 then, or for inbound mail a refusal recorded (so the
    provider does not retry it), never a 500. Only a signed request gets as
    far as a parser: the view runs the provider's checks first."""
    try:
        response: HttpResponse = callback(request, *args, **kw)
    except TRIPS as error:
        if is_inbound(pattern) and record_unparsable(request, f"webhook: {provider}", error):
            return HttpResponse("Recorded and refused.")
        return unreadable(provider, type(error).__name__)
    return response


def unreadable(provider: str, why: str) -> HttpResponse:
    logger.warning("%s webhook refused: the request could not be read (%s)", provider, why)
    return HttpResponseBadRequest("Refused: the request could not be read.")


def locked_urlpatterns() -> list[URLPattern]:
    return [locked(p) for p in anymail_urls.urlpatterns if isinstance(p, URLPattern)]


def unsafe_webhooks(provider: str) -> list[str]:
    """Each of the provider's webhook URLs that would accept unsigned requests, and why."""
    found = []
    for pattern in anymail_urls.urlpatterns:
        if isinstance(pattern, URLPattern) and provider_of(pattern) == provider:
            problem = why_unsafe(pattern.callback)
            if problem:
                found.append(f"/anymail/{str(pattern.pattern).lstrip('^')}: {problem}")
    return found


def refuse_unsigned_webhooks() -> None:
    """Called at start-up (games.apps): with DEBUG off, no open door."""
    if settings.DEBUG:
        return
    for provider in sorted(open_providers()):
        found = unsafe_webhooks(provider)
        if found:
            setting = (
                "EMAIL_BACKEND" if provider == settings.EMAIL_PROVIDER else "INBOUND_EMAIL_PROVIDER"
            )
            raise ImproperlyConfigured(
                f"{setting}={provider} with webhooks anyone could forge "
                "(docs/security.md): " + "; ".join(found)
            )
