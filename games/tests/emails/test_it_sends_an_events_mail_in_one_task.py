"""A deadline's seven results emails go to one send task and through one
connection to the transport (one SMTP session, one provider HTTP session),
while each row is still claimed, sent and marked on its own: a row that
fails or raises does not hold up the rest, and is left for the sweep."""

from __future__ import annotations

import smtplib
from typing import Any, ClassVar

import pytest
from django.core.mail.backends.locmem import EmailBackend as MemoryBackend
from django.test import override_settings

from games.actions.processing import adjudicate_phase, claim_phase_now
from postoffice import sending
from postoffice.models import OutboxMessage

RESULTS = OutboxMessage.Kind.RESULTS
BACKEND = f"{__name__}.CountingBackend"


class CountingBackend(MemoryBackend):
    """The memory backend with the SMTP backend's way with connections (a send
    opens one only if none is open, and closes only what it opened), counting
    the connections it opens, and able to drop one."""

    opened: ClassVar[int] = 0
    refuse: ClassVar[set[str]] = set()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.is_open = False

    def open(self) -> bool:
        if self.is_open:
            return False
        self.is_open = True
        CountingBackend.opened += 1
        return True

    def close(self) -> None:
        self.is_open = False

    def send_messages(self, messages: Any) -> int:
        opened_here = self.open()
        try:
            if any(address in self.refuse for message in messages for address in message.to):
                raise smtplib.SMTPServerDisconnected("connection dropped")
            return super().send_messages(messages)
        finally:
            if opened_here:
                self.close()


@pytest.fixture(autouse=True)
def counting_backend():
    CountingBackend.opened = 0
    CountingBackend.refuse = set()
    with override_settings(EMAIL_BACKEND=BACKEND):
        yield CountingBackend


@pytest.fixture
def queued_tasks(monkeypatch):
    """The send tasks a commit queues, instead of running them."""
    queued: list[list[int]] = []
    monkeypatch.setattr(sending.send_messages, "delay", queued.append)
    return queued


def adjudicate(phase) -> list[int]:
    assert claim_phase_now(phase)
    adjudicate_phase(phase.pk)
    rows = OutboxMessage.objects.filter(phase=phase, kind=RESULTS).order_by("pk")
    return list(rows.values_list("pk", flat=True))


def status_of(message_ids: list[int]) -> list[str]:
    rows = OutboxMessage.objects.filter(pk__in=message_ids).order_by("pk")
    return list(rows.values_list("status", flat=True))


@pytest.mark.django_db(transaction=True)
def test_it_queues_a_deadlines_seven_emails_as_one_task(first_phase, queued_tasks):
    results = adjudicate(first_phase)
    assert len(results) == 7
    assert [sorted(task) for task in queued_tasks] == [results]


def test_it_splits_a_long_list_into_batches(queued_tasks):
    sending.queue_sends(list(range(1, 2 * sending.SEND_BATCH + 2)))
    assert [len(task) for task in queued_tasks] == [sending.SEND_BATCH, sending.SEND_BATCH, 1]


def test_it_sends_a_batch_through_one_connection(first_phase, mailoutbox, counting_backend):
    results = adjudicate(first_phase)
    mailoutbox.clear()
    counting_backend.opened = 0
    assert sending.send_messages(results) == ["sent"] * 7
    assert counting_backend.opened == 1
    assert len(mailoutbox) == 7
    assert set(status_of(results)) == {OutboxMessage.Status.SENT}


def test_it_sends_the_rest_after_a_failure_on_a_fresh_connection(
    first_phase, mailoutbox, counting_backend
):
    results = adjudicate(first_phase)
    mailoutbox.clear()
    refused = OutboxMessage.objects.get(pk=results[2]).to_email
    counting_backend.refuse = {refused}
    counting_backend.opened = 0
    outcome = sending.send_messages(results)
    assert outcome[2] == OutboxMessage.Status.PENDING  # a transient failure: retried later
    assert outcome[:2] + outcome[3:] == ["sent"] * 6
    assert counting_backend.opened > 1  # the dropped session was not reused
    assert sorted(m.to[0] for m in mailoutbox) == sorted(
        OutboxMessage.objects.filter(pk__in=results)
        .exclude(pk=results[2])
        .values_list("to_email", flat=True)
    )


def test_it_sends_the_rest_when_a_row_raises(first_phase, mailoutbox, monkeypatch):
    results = adjudicate(first_phase)
    mailoutbox.clear()
    build = sending.draft_of

    def broken_for_one(message):
        if message.pk == results[0]:
            raise ValueError("a template error")
        return build(message)

    monkeypatch.setattr(sending, "draft_of", broken_for_one)
    assert sending.send_messages(results) == ["raised"] + ["sent"] * 6
    assert len(mailoutbox) == 6
    # Claimed and never marked: the sweep sends it once its lease runs out.
    assert status_of(results)[0] == OutboxMessage.Status.SENDING
