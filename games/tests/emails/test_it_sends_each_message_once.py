"""The outbox guarantee: a duplicate task or a dead worker never sends twice, never loses one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.emails import notify
from games.gateway import powers
from postoffice import outbox
from postoffice.models import OutboxMessage
from postoffice.sending import send_outbox_message
from postoffice.tasks import sweep_outbox
from postoffice.webhooks import record_tracking_event

POWERS = powers("standard")  # the standard board's, as these games play

Status = OutboxMessage.Status


@pytest.fixture
def start_messages(started_game, first_phase):
    game, _, _ = started_game
    return list(OutboxMessage.objects.filter(game=game, kind="game_start"))


def test_it_queues_one_welcome_per_player(start_messages):
    assert sorted(m.power for m in start_messages) == list(POWERS)


def test_it_writes_each_event_once_however_often_it_is_queued(started_game, first_phase):
    game, _, _ = started_game
    notify.game_started(game, first_phase)
    notify.game_started(game, first_phase)
    assert OutboxMessage.objects.filter(game=game, kind="game_start").count() == 7


def test_it_sends_once_when_the_task_is_delivered_twice(start_messages, mailoutbox):
    message = start_messages[0]
    assert send_outbox_message(message.pk) == "sent"
    assert send_outbox_message(message.pk) == "not claimed"
    assert len(mailoutbox) == 1
    message.refresh_from_db()
    assert message.status == Status.SENT and message.attempts == 1


def test_it_sends_after_a_worker_died_holding_the_claim(start_messages, mailoutbox):
    message = start_messages[0]
    assert outbox.claim(message.pk, timezone.now())  # the worker that claimed it then died
    assert send_outbox_message(message.pk) == "not claimed"
    assert mailoutbox == []
    long_ago = timezone.now() - outbox.LEASE - timedelta(seconds=1)
    OutboxMessage.objects.filter(pk=message.pk).update(claimed=long_ago)
    sweep_outbox()
    assert [m.to for m in mailoutbox].count([message.to_email]) == 1
    message.refresh_from_db()
    assert message.status == Status.SENT


def test_it_leaves_a_live_claim_alone(start_messages, mailoutbox):
    message = start_messages[0]
    assert outbox.claim(message.pk, timezone.now())
    sweep_outbox()
    assert message.to_email not in [m.to[0] for m in mailoutbox]


def test_it_trusts_the_provider_when_the_worker_died_after_handing_over(
    start_messages, mailoutbox, monkeypatch
):
    message = start_messages[0]

    def die(*args, **kwargs):
        raise SystemExit("worker killed")

    monkeypatch.setattr(outbox, "mark_sent", die)
    with pytest.raises(SystemExit):
        send_outbox_message(message.pk)
    monkeypatch.undo()
    assert len(mailoutbox) == 1
    sent = mailoutbox[0]
    assert (
        sent.extra_headers["Message-ID"]
        == OutboxMessage.objects.get(pk=message.pk).message_id_header
    )
    record_tracking_event("queued", message.to_email, sent.metadata, "test: queued")
    OutboxMessage.objects.filter(pk=message.pk).update(claimed=timezone.now() - timedelta(hours=1))
    sweep_outbox()
    assert [m.to[0] for m in mailoutbox].count(message.to_email) == 1
    assert OutboxMessage.objects.get(pk=message.pk).status == Status.SENT


def test_it_resends_with_the_same_message_id(start_messages, mailoutbox, monkeypatch):
    """Without a provider's word, a dead worker's message is sent again, recognisably the same."""
    message = start_messages[0]
    monkeypatch.setattr(outbox, "mark_sent", lambda *a: (_ for _ in ()).throw(SystemExit()))
    with pytest.raises(SystemExit):
        send_outbox_message(message.pk)
    monkeypatch.undo()
    OutboxMessage.objects.filter(pk=message.pk).update(claimed=timezone.now() - timedelta(hours=1))
    sweep_outbox()
    ids = [m.extra_headers["Message-ID"] for m in mailoutbox if m.to[0] == message.to_email]
    assert len(ids) == 2 and ids[0] == ids[1]


def test_it_sends_everything_due_in_one_sweep(start_messages, mailoutbox):
    result = sweep_outbox()
    assert result["queued"] == 7
    assert sorted(m.to[0] for m in mailoutbox) == sorted(m.to_email for m in start_messages)
    assert sweep_outbox()["queued"] == 0
    assert len(mailoutbox) == 7
