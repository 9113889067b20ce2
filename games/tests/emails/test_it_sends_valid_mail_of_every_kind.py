"""Every kind of game email the site sends parses under the standard
library's strict policy, names the type of its multipart/related, keeps the
map to keep outside the related part, and carries calendar files that hold
to RFC 5545 (read back with icalendar); the preview shows exactly what is sent."""

from __future__ import annotations

import email
import email.policy
import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from icalendar import Calendar

from fogdip.celery import app
from games import actions
from games.emails.reminders import queue_due_reminders
from games.tests.emails.conftest import make_game
from games.tests.replies.conftest import seat_address, send
from postoffice.ics import site_host
from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message
from postoffice.tasks import sweep_outbox
from tests.fixtures import confirmed_user

Kind = OutboxMessage.Kind
GAME_KINDS = {
    Kind.INVITATION,
    Kind.INVITATION_REQUEST,
    Kind.GAME_START,
    Kind.RESULTS,
    Kind.GAME_END,
    Kind.PRESS,
    Kind.ANSWER,
    Kind.VOTE,
    Kind.CATCH_UP,
    Kind.FAREWELL,
    Kind.DEADLINE,
    Kind.REMINDER,
    Kind.NOTICE,
}
BOUNDARY = re.compile(rb"={15}[0-9a-f]{32}==|===============\d+==")


def play_every_kind(db):
    game, master, players = make_game()
    phase = game.phases.get(ordinal=1)
    actions.send_press(game, players["FRANCE"], "FRANCE", ["ENGLAND"], "Hello", "FRANCE")
    actions.extend_deadline(game, master, timedelta(hours=2))
    actions.pause_game(game, master)
    actions.resume_game(game, master)
    game.refresh_from_db()
    actions.propose_draw(game, players["ITALY"], "ITALY")
    newcomer = confirmed_user("newcomer", "newcomer@example.org")
    actions.replace_player(game, master, game.active_seats().get(power="TURKEY"), newcomer)
    phase.refresh_from_db()
    queue_due_reminders(phase.deadline - timedelta(hours=1))
    assert actions.claim_phase_now(phase)
    actions.adjudicate_phase(phase.pk)
    forming = actions.create_game(master, name="Next", preset="dc2005", start_year=1901)
    invitation = actions.invite(forming, master, "friend@example.org")
    actions.ask_for_invitation(invitation, confirmed_user("friend", "other@example.org"))
    send("STATUS", "england@example.org", seat_address(game, "ENGLAND"))
    actions.open_seat(game, master, "ITALY")
    actions.care_for_seat(game, master, "ITALY")  # a notice to every player
    actions.end_game(game, master)
    return game


@pytest.fixture
def rows(db) -> list[OutboxMessage]:
    play_every_kind(db)
    return list(OutboxMessage.objects.exclude(status=OutboxMessage.Status.CANCELLED))


def parts_of(raw: bytes) -> list[email.message.Message]:
    parsed = email.message_from_bytes(raw, policy=email.policy.strict)
    return list(parsed.walk())


def test_every_kind_is_played(rows):
    assert {row.kind for row in rows} >= GAME_KINDS


def test_every_email_parses_under_the_strict_policy(rows):
    for row in rows:
        raw = outgoing_message(row).message().as_bytes()
        parts = parts_of(raw)
        assert parts[0]["Message-ID"] == row.message_id_header, row.kind
        for part in parts:
            if part.get_content_type() == "multipart/related":
                assert part.get_param("type") == "multipart/alternative", row.kind
                images = [p for p in part.walk() if p.get_content_type() == "image/png"]
                assert [p.get_filename() for p in images] == ["map.png"], row.kind
        names = [p.get_filename() for p in parts]
        assert names.count("map.png") <= 1, row.kind  # the map goes once


def test_every_calendar_file_holds_to_rfc_5545(rows):
    found = 0
    for row in rows:
        for part in parts_of(outgoing_message(row).message().as_bytes()):
            if part.get_content_type() != "text/calendar":
                continue
            found += 1
            calendar = Calendar.from_ical(part.get_payload(decode=True))
            assert str(calendar["version"]) == "2.0" and calendar.get("prodid")
            assert str(calendar["method"]) in ("PUBLISH", "CANCEL")
            for event in calendar.walk("VEVENT"):
                for required in ("uid", "dtstamp", "dtstart"):
                    assert event.get(required) is not None, (row.kind, required)
                assert event.decoded("dtend") > event.decoded("dtstart"), row.kind
                assert str(event["uid"]).endswith(f"@{site_host()}"), row.kind
    assert found >= 4


def normalised(raw: bytes) -> bytes:
    """Without what is made afresh each time a message is written: its
    boundaries, its Date, the time-stamped unsubscribe link, the calendar
    file's time stamp and sequence."""
    raw = BOUNDARY.sub(b"BOUNDARY", raw.replace(b"\r\n", b"\n"))
    for moment in (rb"\nDate: [^\n]*", rb"unsubscribe/[^/>]+/", rb"DTSTAMP:\w+", rb"SEQUENCE:\d+"):
        raw = re.sub(moment, b"", raw)
    return raw


def test_the_preview_is_what_is_sent(rows):
    row = next(r for r in rows if r.kind == Kind.RESULTS and r.power == "ENGLAND")
    out = StringIO()
    call_command("preview_email", str(row.pk), stdout=out)
    mail.outbox = []
    app.conf.task_always_eager = True
    try:
        sweep_outbox()
    finally:
        app.conf.task_always_eager = False
    sent = next(
        m for m in mail.outbox if m.extra_headers.get("Message-ID") == row.message_id_header
    )
    sent_bytes = sent.message().as_bytes()
    assert normalised(out.getvalue().encode()) == normalised(sent_bytes)


def test_the_calendar_file_is_written_as_text(rows):
    """So that normalised() above sees, and sets aside, its time stamp."""
    row = next(r for r in rows if r.kind == Kind.RESULTS and r.power == "ENGLAND")
    assert b"DTSTAMP:" in outgoing_message(row).message().as_bytes()
