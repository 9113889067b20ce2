"""The walk's browser: Django's test client without its record of what was
rendered.

Django's client keeps, for every response, each template rendered and a copy
of each template's context (``response.templates``, ``response.context``);
copying the contexts cost a sizeable part of a page in the walk, which reads
only the bytes. Everything else is the client's: the same handler, cookies
kept, CSRF as configured, and an exception a view raises raised here.
"""

from __future__ import annotations

from typing import Any

from django.core.signals import got_request_exception
from django.test import Client


class Browser(Client):
    def request(self, **request: Any) -> Any:
        environ = self._base_environ(**request)  # type: ignore[attr-defined]
        exception_uid = f"request-exception-{id(request)}"
        got_request_exception.connect(self.store_exc_info, dispatch_uid=exception_uid)
        try:
            response = self.handler(environ)
        finally:
            got_request_exception.disconnect(dispatch_uid=exception_uid)
        self.check_exception(response)
        if response.cookies:
            self.cookies.update(response.cookies)
        return response
