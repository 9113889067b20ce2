"""The dev mailbox shows file-backend mail to a developer, and to nobody else."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.mail import get_connection
from django.test import override_settings

from games.tests.emails.conftest import RESULTS_CONTEXT
from postoffice.compose import Draft, build_message
from postoffice.views import FILE_BACKEND

pytestmark = pytest.mark.django_db


def write_one(folder) -> None:
    context = RESULTS_CONTEXT
    message = build_message(Draft(kind="results", to="a@x.org", context=context))
    get_connection(FILE_BACKEND, file_path=str(folder)).send_messages([message])


@pytest.fixture
def file_mail(tmp_path):
    write_one(tmp_path)
    with override_settings(EMAIL_BACKEND=FILE_BACKEND, EMAIL_FILE_PATH=tmp_path):
        yield tmp_path


def test_it_shows_mail_in_debug(client, file_mail, settings):
    settings.DEBUG = True
    response = client.get("/dev/mailbox/")
    assert response.status_code == 200
    assert b"Fogbound: Spring 1901 results for Germany" in response.content


def test_it_serves_the_html_body(client, file_mail, settings):
    settings.DEBUG = True
    key = client.get("/dev/mailbox/").context["selected"].key
    response = client.get(f"/dev/mailbox/{key}/html/")
    assert response.status_code == 200
    assert b"A Mun H (succeeds)" in response.content


def test_it_hides_from_the_public_without_debug(client, file_mail):
    assert client.get("/dev/mailbox/").status_code == 404


def test_it_hides_from_staff_without_debug(client, file_mail):
    """The files hold every power's mail: on a real site nobody reads them here."""
    client.force_login(User.objects.create_user("ops", is_staff=True, is_superuser=True))
    assert client.get("/dev/mailbox/").status_code == 404
    key = "anything-0"
    assert client.get(f"/dev/mailbox/{key}/html/").status_code == 404
    assert client.post(f"/dev/mailbox/{key}/reply/", {"body": "x"}).status_code == 404


def test_it_is_absent_when_mail_goes_to_a_provider(client, settings):
    settings.DEBUG = True
    settings.EMAIL_BACKEND = "anymail.backends.mailgun.EmailBackend"
    assert client.get("/dev/mailbox/").status_code == 404


def test_it_answers_404_for_an_unknown_message(client, file_mail, settings):
    settings.DEBUG = True
    assert client.get("/dev/mailbox/nope-0/html/").status_code == 404
