"""What every response shares: no shared caching of a signed-in page, no NUL
in a query string, and the proxy's forwarded headers believed only from the
proxy."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.cache import patch_cache_control

from common.client_ip import from_trusted_proxy

# What a proxy says about the client: its address, its scheme, the host it asked for.
FORWARDED_HEADERS = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
    "HTTP_FORWARDED",
)


class ForwardedHeadersMiddleware:
    """Removes the forwarded headers from every request that did not come
    from a trusted proxy, before anything reads them: a client that reaches
    the web server directly cannot claim https (SECURE_PROXY_SSL_HEADER) or
    another address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not from_trusted_proxy(request.META):
            for header in FORWARDED_HEADERS:
                request.META.pop(header, None)
        return self.get_response(request)


class PrivatePagesMiddleware:
    """A page drawn for a signed-in person is theirs: no proxy or shared
    computer's cache may keep it (Cache-Control: private, no-store). A
    response that already chose a private policy keeps it: a past map, which
    never changes, is kept by its own reader's browser for a day."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        chosen = "private" in response.get("Cache-Control", "")
        if request.user.is_authenticated and not chosen:
            patch_cache_control(response, private=True, no_store=True)
        return response


class RefuseNulInQueryMiddleware:
    """A NUL in a query parameter (?power=%00) is refused with 400 before a view
    reads it: PostgreSQL refuses NUL in text, which would answer 500. Form
    fields are Django's, which refuse NUL themselves."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for key, values in request.GET.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                return self.refusal(request)
        return self.get_response(request)

    @staticmethod
    def refusal(request: HttpRequest) -> HttpResponse:
        reason = "A query parameter contains a NUL character, which is not allowed."
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": reason}, status=400)  # the API answers in JSON
        return HttpResponseBadRequest(reason)
