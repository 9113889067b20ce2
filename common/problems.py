"""Refusals the site gives before or around a view: JSON under /api/, a page elsewhere.

A program talking to /api/ reads JSON ({"detail": "..."}) for every
refusal, not only for those its routes give: an unknown path (404), a wrong
method (405), a body over the size limit (413), a malformed request (400)
and a server error (500) are all answered alike (``ApiProblemsMiddleware``,
which comes first, rewrites any other answer of 400 and above under /api/).
A body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused as 413 before anything
reads it (by its Content-Length), and as 413 too where Django finds it while
reading (``bad_request``, the site's handler400).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import defaults

API_PREFIX = "/api/"
# What each refusal says to a program; nothing in it depends on who asks.
SAID = {
    400: "Bad request: the request could not be read.",
    404: "Not found: there is nothing here, or nothing you may see.",
    405: "Method not allowed: the Allow header names the methods this address takes.",
    413: "Too large: the request body is over {limit} KB.",
    500: "Server error: the request was not completed. Try again later.",
}


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def problem(status: int) -> JsonResponse:
    said = SAID.get(status, "The request was refused.").format(limit=body_limit() // 1024)
    return JsonResponse({"detail": said}, status=status)


def body_limit() -> int:
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)


def too_large(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return problem(413)
    context = {"limit_kb": body_limit() // 1024}
    return render(request, "413.html", context, status=413)


def declared_too_large(request: HttpRequest) -> bool:
    """A body whose Content-Length is over the limit. A multipart post (only a
    mail provider's webhook sends one) is left to Django, which counts its
    fields but not its files."""
    limit = body_limit()
    if not limit or request.content_type == "multipart/form-data":
        return False
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0) > limit
    except ValueError:
        return False


class ApiProblemsMiddleware:
    """Before anything reads a body: refuses an oversize body at once, and makes
    every refusal under /api/ a JSON problem."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if declared_too_large(request):
            return too_large(request)
        response = self.get_response(request)
        if is_api(request) and response.status_code >= 400 and not is_json(response):
            return as_problem(response)
        return response


def is_json(response: HttpResponse) -> bool:
    return str(response.get("Content-Type", "")).startswith("application/json")


def as_problem(response: HttpResponse) -> HttpResponse:
    """The same answer (its status, its headers: Allow, security headers) with
    a JSON problem for its body."""
    if response.streaming:
        return problem(response.status_code)
    response.content = problem(response.status_code).content
    response["Content-Type"] = "application/json"
    if "Content-Length" in response:
        response["Content-Length"] = str(len(response.content))
    return response


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The site's handler400: a body found too large while reading is a 413."""
    if isinstance(exception, RequestDataTooBig):
        return too_large(request)
    if is_api(request):
        return problem(400)
    return defaults.bad_request(request, exception)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return problem(404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return problem(500)
    return defaults.server_error(request)
