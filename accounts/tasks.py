"""Celery tasks for accounts: the emails that confirm an address and the
notices about the account (sent at once, outside the outbox: they belong to
no game), and the daily clearing of expired sessions."""

from __future__ import annotations

from celery import shared_task

from accounts.confirmation_email import send_address_change_links, send_confirmation
from accounts.notices import send_notice
from accounts.sessions import SessionStore

__all__ = [
    "clear_expired_sessions",
    "send_address_change_links",
    "send_confirmation",
    "send_notice",
]


@shared_task
def clear_expired_sessions() -> None:
    """What `manage.py clearsessions` does, daily: an expired session signs
    nobody in, and nothing else ever deletes its row."""
    SessionStore.clear_expired()
