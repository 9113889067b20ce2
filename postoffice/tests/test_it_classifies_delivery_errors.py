"""Transient failures are retried; permanent ones are recorded, never retried."""

from __future__ import annotations

import smtplib

import pytest
from anymail.exceptions import AnymailAPIError, AnymailRecipientsRefused
from django.core.mail import EmailMultiAlternatives

from postoffice import delivery


class ProviderResponse:
    """The parts of an HTTP response anymail reads when describing an error."""

    def __init__(self, status_code: int) -> None:
        self.status_code = status_code
        self.reason = "Service Unavailable"
        self.text = '{"message": "try later"}'

    def json(self) -> dict[str, str]:
        return {"message": "try later"}


def api_error(status: int) -> AnymailAPIError:
    return AnymailAPIError(
        "provider said no", status_code=status, response=ProviderResponse(status)
    )


@pytest.mark.parametrize(
    ("exc", "permanent"),
    [
        (api_error(500), False),
        (api_error(503), False),
        (api_error(429), False),
        (api_error(400), True),
        (api_error(401), True),
        (AnymailRecipientsRefused("all refused"), True),
        (smtplib.SMTPRecipientsRefused({}), True),
        (smtplib.SMTPServerDisconnected("gone"), False),
        (ConnectionResetError("reset"), False),
    ],
)
def test_it_tells_transient_from_permanent(exc, permanent):
    assert delivery.is_permanent(exc) is permanent


def test_it_reports_a_failure_instead_of_raising(monkeypatch):
    message = EmailMultiAlternatives("s", "b", "from@x.org", ["to@x.org"])

    def refuse(self, fail_silently=False):
        raise api_error(503)

    monkeypatch.setattr(EmailMultiAlternatives, "send", refuse)
    result = delivery.deliver(message)
    assert (result.sent, result.permanent) == (False, False)
    assert "provider said no" in result.error


def test_it_reports_success(mailoutbox):
    message = EmailMultiAlternatives("s", "b", "from@x.org", ["to@x.org"])
    assert delivery.deliver(message).sent
    assert len(mailoutbox) == 1
