"""Sessions are Django's database sessions, read by a query compiled once
(games.sessions): a live session signs its person in; an expired, unknown or
malformed one is no session, as with Django's own store."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.sessions.models import Session
from django.utils import timezone

from games.sessions import SessionStore
from games.signed_in import SignedInBackend
from tests.web.conftest import client_for


def test_a_live_session_signs_its_person_in(people):
    assert client_for(people.player).get("/games/").status_code == 200


def test_an_expired_session_is_no_session(people):
    client = client_for(people.player)
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
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
