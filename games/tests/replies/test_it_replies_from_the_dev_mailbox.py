"""The dev mailbox's Reply box feeds the same handler as real mail: a
developer plays a game by email on a laptop. Only where the mailbox is."""

from __future__ import annotations

import pytest
from django.core.mail import get_connection
from django.test import override_settings

from games.tests.replies.conftest import sheet_of
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of
from postoffice.views import FILE_BACKEND


@pytest.fixture
def mailbox(tmp_path, game):
    row = OutboxMessage.objects.get(game=game, kind="game_start", power="ENGLAND")
    email = build_message(draft_of(row))
    email.extra_headers["Message-ID"] = row.message_id_header
    get_connection(FILE_BACKEND, file_path=str(tmp_path)).send_messages([email])
    with override_settings(EMAIL_BACKEND=FILE_BACKEND, EMAIL_FILE_PATH=tmp_path):
        yield tmp_path


@override_settings(DEBUG=True)
def test_a_reply_from_the_mailbox_plays(client, mailbox, phase):
    page = client.get("/dev/mailbox/")
    key = page.context["selected"].key
    assert b"Send the reply" in page.content
    response = client.post(f"/dev/mailbox/{key}/reply/", {"body": "F Lon - Nth\nREADY"})
    assert response.status_code == 302
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]
    answer = OutboxMessage.objects.get(kind="answer", power="ENGLAND")
    assert answer.context["in_reply_to"].endswith("@dev-mailbox.localhost>")


def test_there_is_no_reply_box_without_the_mailbox(client, mailbox):
    key = "any"
    assert client.post(f"/dev/mailbox/{key}/reply/", {"body": "READY"}).status_code == 404
