"""Every page shows the signed-in person's times in their own zone and warns
them if their address is unconfirmed: the account, its profile and its email
settings are read in one query per request, not three."""

from __future__ import annotations

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Profile
from accounts.signed_in import EARLIER_BACKEND
from games.tests.web.conftest import client_for
from postoffice.models import EmailSettings

PROFILE = Profile._meta.db_table
SETTINGS = EmailSettings._meta.db_table


def tables_read(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().startswith("SELECT")]


@pytest.mark.parametrize("url", ["/games/", "/lobby/"])
def test_it_reads_profile_and_settings_with_the_account(people, url):
    Profile.objects.create(user=people.gm, time_zone="Europe/Paris")
    selects = tables_read(client_for(people.gm), url)
    naming = [sql for sql in selects if PROFILE in sql or SETTINGS in sql]
    assert len(naming) == 1, naming
    assert PROFILE in naming[0] and SETTINGS in naming[0]


def test_it_shows_times_in_the_persons_zone_and_the_unconfirmed_banner(people):
    user = people.gm
    Profile.objects.create(user=user, time_zone="Asia/Tokyo")
    EmailSettings.objects.filter(user=user).update(verified_address="")
    page = client_for(user).get("/games/")
    assert page.status_code == 200
    assert page.wsgi_request.user.profile.time_zone == "Asia/Tokyo"
    assert page.context["address_unconfirmed"] is True


def test_it_keeps_a_session_from_before_signed_in(people):
    """Signed in when Django's own model backend read the account."""
    client = client_for(people.player)
    session = client.session
    session[BACKEND_SESSION_KEY] = EARLIER_BACKEND
    session.save()
    page = client.get("/games/")
    assert page.status_code == 200
    assert page.wsgi_request.user == people.player
    assert client.session[BACKEND_SESSION_KEY] == "accounts.signed_in.SignedInBackend"
