"""Sessions in the database, each row naming the person it signs in, read by
one query compiled once (common.prepared) with that person.

Django's store reads the session, then its auth backend reads the person:
two queries on every signed-in request. Here the row keeps the person's id
beside the signed data (Django's documented way to extend the database
session: a model on AbstractBaseSession and a store that fills the column),
so the session query joins the person, their profile and email settings,
and accounts.signed_in hands that person to Django's own get_user, which
still checks the session's user id, backend and password hash as always.

The expiry is compared here rather than in SQL, so the only parameter is
the key: an expired session is treated as Django treats it, as no session.
A row without a person (signed out, or copied from Django's table when this
one was made) reads the person as before, by accounts.signed_in's query.
"""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models
from django.db.models import QuerySet
from django.utils import timezone

from accounts.signed_in import PERSON_RELATED
from common.prepared import prepared


class SignedInSession(AbstractBaseSession):
    # Whose session it is, as its data says (SESSION_KEY); no constraint, as in
    # Django's own table: a person deleted leaves rows that sign nobody in.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        related_name="+",
    )

    class Meta:
        db_table = "accounts_session"

    @classmethod
    def get_session_store_class(cls) -> type[SessionStore]:
        return SessionStore


@prepared
def session_row(session_key: str) -> QuerySet[SignedInSession]:
    rows = SignedInSession.objects.filter(session_key=session_key)
    return rows.select_related(*(f"user__{name}" for name in PERSON_RELATED))


class SessionStore(db.SessionStore):
    _person: Any = None  # the row's person, read with it

    @classmethod
    def get_model_class(cls) -> type[SignedInSession]:
        return SignedInSession

    def create_model_instance(self, data: dict[str, Any]) -> SignedInSession:
        row = cast(SignedInSession, super().create_model_instance(data))
        row.user_id = user_id_in(data)
        return row

    def _get_session_from_db(self) -> Any:
        key = self.session_key
        row = session_row.first(session_key=key) if isinstance(key, str) else None
        if row is None or row.expire_date <= timezone.now():
            self._session_key = None
            return None
        self._person = row.user
        return row

    def person_read_with_session(self) -> Any:
        """The person the row names, read with the session (None if none);
        Django's get_user decides whether they are signed in."""
        self.get(SESSION_KEY)  # loads the session, if nothing has yet
        return self._person


def user_id_in(data: dict[str, Any]) -> int | None:
    """The signed-in person's id as the session's data holds it (a string)."""
    value = data.get(SESSION_KEY)
    return int(value) if isinstance(value, str) and value.isdigit() else None
