"""Sessions are database sessions whose rows name their person, read by one
query compiled once with that person (accounts.sessions): a live session signs
its person in; an expired, unknown or malformed one is no session, as with
Django's own store; and the person read with the row is only ever the one
Django's get_user would have read."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import SESSION_KEY
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.sessions import SessionStore, SignedInSession
from accounts.signed_in import READ_WITH_SESSION, SignedInBackend
from accounts.tasks import clear_expired_sessions
from games.tests.web.conftest import client_for


def test_a_live_session_signs_its_person_in(people):
    assert client_for(people.player).get("/games/").status_code == 200


def test_an_expired_session_is_no_session(people):
    client = client_for(people.player)
    SignedInSession.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    response = client.get("/games/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_unknown_or_malformed_key_is_no_session(db):
    for key in ["0" * 32, "nonsense", ""]:
        store = SessionStore(session_key=key)
        assert store.load() == {}
        assert store.session_key is None


def test_a_user_id_django_could_not_have_stored_is_nobody(people):
    backend = SignedInBackend()
    assert backend.get_user(str(people.player.pk)) == people.player
    assert backend.get_user("not a number") is None
    assert backend.get_user(None) is None
    assert backend.get_user(10**6) is None


def test_the_row_names_the_person_its_data_signs_in(people):
    client_for(people.player)
    row = SignedInSession.objects.get()
    assert row.user_id == people.player.pk
    assert SessionStore().decode(row.session_data)[SESSION_KEY] == str(people.player.pk)


def test_one_query_reads_the_session_and_its_person(people):
    client = client_for(people.player)
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/games/").context["user"] == people.player
    sql = [q["sql"] for q in queries]
    assert not [q for q in sql if q.startswith('SELECT "auth_user"')], sql
    assert '"auth_user"' in sql[0] and '"accounts_profile"' in sql[0], sql[0]


def test_a_row_that_names_nobody_still_signs_its_person_in(people):
    """A row copied from Django's table, or saved before sign-in: the person is read by id."""
    client = client_for(people.player)
    SignedInSession.objects.update(user=None)
    assert client.get("/games/").context["user"] == people.player


def test_the_data_decides_who_is_signed_in_not_the_column(people):
    """A row whose column named someone else (edited in the database, say)
    signs in only the person its signed data names."""
    client = client_for(people.player)
    SignedInSession.objects.update(user=people.other)
    assert client.get("/games/").context["user"] == people.player


def test_a_changed_password_still_signs_the_person_out(people):
    client = client_for(people.player)
    people.player.set_password("a new and different password")
    people.player.save()
    response = client.get("/games/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_person_read_is_forgotten_after_the_request(people):
    client_for(people.player).get("/games/")
    assert READ_WITH_SESSION.get() is None


def test_expired_sessions_are_cleared(people):
    client_for(people.player)
    client_for(people.other)
    SignedInSession.objects.filter(user=people.other).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    clear_expired_sessions()
    assert list(SignedInSession.objects.values_list("user_id", flat=True)) == [people.player.pk]
