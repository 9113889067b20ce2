"""Every refusal the API gives is JSON: {"detail": "..."} naming the problem.

Orders that cannot be read are answered 400 with every line given back,
each saying whether it was read and, if not, which word was wrong. Any
other action's refusal (ActionError) is a conflict with the game's state (409);
a member who may not do something gets 403, as on the pages; a rate limit
429, with Retry-After saying how many seconds to wait.  A malformed body is
answered 422, each error naming its field ("loc") and what is wrong with it
("msg"), at most MAX_PROBLEMS of them. A sheet over the bounds of
games/order_entry/bounds.py is refused whole (400) before a line is read.
Refusals outside any route (an unknown path, a wrong method, a body over the
size limit, a server error) are JSON too: common/problems.py.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, ValidationError

from common.errors import ActionError
from common.limits import LimitReached, with_retry_after
from games.actions.orders import OrdersInvalid, SheetRefused

# Problems given back for one malformed body: enough to fix it, never a
# copy of every item of a long list that was wrong.
MAX_PROBLEMS = 20


def add_error_handlers(api: NinjaAPI) -> None:
    answers: tuple[tuple[type[Exception], int], ...] = (
        (ActionError, 409),
        (PermissionDenied, 403),
        (SheetRefused, 400),
    )
    for kind, status in answers:
        api.add_exception_handler(kind, _answer_with(api, status))
    api.add_exception_handler(LimitReached, _limited(api))
    api.add_exception_handler(OrdersInvalid, _lines_refused(api))
    api.add_exception_handler(AuthenticationError, _no_token(api))
    api.add_exception_handler(ValidationError, _malformed(api))


def _malformed(api: NinjaAPI):  # type: ignore[no-untyped-def]
    def answer(request: HttpRequest, error: ValidationError) -> HttpResponse:
        problems = list(error.errors)[:MAX_PROBLEMS]
        return api.create_response(request, {"detail": problems}, status=422)

    return answer


# The same words for a missing, unknown or revoked token: a guesser learns nothing.
NO_TOKEN = "No live token: send a personal API token as 'Authorization: Bearer <token>'."


def _no_token(api: NinjaAPI):  # type: ignore[no-untyped-def]
    def answer(request: HttpRequest, error: AuthenticationError) -> HttpResponse:
        response = api.create_response(request, {"detail": NO_TOKEN}, status=401)
        response["WWW-Authenticate"] = "Bearer"  # RFC 6750: the scheme to answer with
        return response

    return answer


def _answer_with(api: NinjaAPI, status: int):  # type: ignore[no-untyped-def]
    def answer(request: HttpRequest, error: Exception) -> HttpResponse:
        return api.create_response(request, {"detail": str(error)}, status=status)

    return answer


def _limited(api: NinjaAPI):  # type: ignore[no-untyped-def]
    """A rate limit: 429, saying in Retry-After how many seconds to wait."""

    def answer(request: HttpRequest, error: LimitReached) -> HttpResponse:
        response = api.create_response(request, {"detail": str(error)}, status=429)
        return with_retry_after(response, error.retry_after)

    return answer


def _lines_refused(api: NinjaAPI):  # type: ignore[no-untyped-def]
    """Orders refused: every line given back, each saying whether it was read, and why not."""

    def answer(request: HttpRequest, error: OrdersInvalid) -> HttpResponse:
        lines = [line.as_json() for line in error.checked]
        return api.create_response(request, {"detail": str(error), "lines": lines}, status=400)

    return answer
