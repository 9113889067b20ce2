"""Django's database sessions, read by a query compiled once (games.prepared).

Every signed-in request reads its session first; Django's store builds that
query afresh each time. The expiry is compared here rather than in SQL, so
the only parameter is the key: an expired session is treated as Django
treats it, as no session.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db.models import QuerySet
from django.utils import timezone

from games.prepared import prepared


@prepared
def session_row(session_key: str) -> QuerySet[Session]:
    return Session.objects.filter(session_key=session_key)


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        key = self.session_key
        row = session_row.first(session_key=key) if isinstance(key, str) else None
        if row is None or row.expire_date <= timezone.now():
            self._session_key = None
            return None
        return row
