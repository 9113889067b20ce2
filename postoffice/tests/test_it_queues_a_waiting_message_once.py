"""A row whose send task is still waiting in the queue (behind a burst of a
thousand deadlines, say) is not queued again by every sweep in between; once
its task has started, a retry is the sweep's again. The claim, not the mark,
decides who sends: a lost mark costs a duplicate task, never a second email."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from postoffice import outbox, sending
from postoffice.models import OutboxMessage
from postoffice.sending import send_message, send_outbox_message
from postoffice.tasks import sweep_outbox


@pytest.fixture
def waiting(started_game):
    """The game's welcome rows, each with its event's send task waiting."""
    game, _, _ = started_game
    rows = list(OutboxMessage.objects.filter(game=game, kind="game_start").order_by("pk"))
    assert outbox.mark_queued([row.pk for row in rows]) == [row.pk for row in rows]
    return rows


def test_it_leaves_a_waiting_row_to_its_task(waiting, mailoutbox):
    assert sweep_outbox()["queued"] == 0
    assert sweep_outbox()["queued"] == 0
    assert mailoutbox == []
    assert send_outbox_message(waiting[0].pk) == "sent"  # the waiting task runs
    assert len(mailoutbox) == 1


def test_it_marks_a_row_once(waiting):
    assert outbox.mark_queued([waiting[0].pk]) == []


def test_it_queues_a_row_again_once_its_task_started(waiting, mailoutbox, monkeypatch):
    """The task started, claimed the row and died: the sweep sends it after the lease."""
    monkeypatch.setattr(sending, "hand_over", lambda *a: (_ for _ in ()).throw(SystemExit()))
    with pytest.raises(SystemExit):
        send_message(waiting[0].pk)
    monkeypatch.undo()
    long_ago = timezone.now() - outbox.LEASE - timedelta(seconds=1)
    OutboxMessage.objects.filter(pk=waiting[0].pk).update(claimed=long_ago)
    assert sweep_outbox()["queued"] == 1
    assert [m.to[0] for m in mailoutbox] == [waiting[0].to_email]


def test_it_queues_a_row_whose_mark_was_lost(waiting, mailoutbox):
    """The cache was emptied (or the mark expired with its lost task)."""
    cache.delete(outbox.QUEUED.format(waiting[1].pk))
    assert sweep_outbox()["queued"] == 1
    assert [m.to[0] for m in mailoutbox] == [waiting[1].to_email]


def test_it_leaves_a_row_sent_while_it_swept(waiting, mailoutbox, monkeypatch):
    """The sweep read the row as due; its task sent it before the sweep marked it."""
    row = waiting[2]
    assert send_message(row.pk) == "sent"
    monkeypatch.setattr(outbox, "due", lambda now: [row.pk])
    assert sweep_outbox()["queued"] == 0
    assert outbox.mark_queued([row.pk]) == [row.pk]  # no mark was left behind
    assert len(mailoutbox) == 1
