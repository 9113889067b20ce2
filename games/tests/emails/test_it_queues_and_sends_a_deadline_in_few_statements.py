"""A deadline's seven results emails cost a few statements, not a few per
message: the rows are written in one INSERT (postoffice.posting.queue_each),
and sending one reads its row, game, phase and recipient's settings in one
query. A thousand deadlines at once are 7,000 of each."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.actions.processing import adjudicate_phase, claim_phase_now
from games.emails import notify
from games.replies.addresses import reply_address_of_seat
from postoffice import posting
from postoffice.models import EmailSettings, OutboxMessage
from postoffice.sending import send_messages, send_outbox_message

RESULTS = OutboxMessage.Kind.RESULTS


@pytest.fixture
def results(first_phase):
    """The opening adjudicated; its sends wait for a commit the test never makes."""
    assert claim_phase_now(first_phase)
    adjudicate_phase(first_phase.pk)
    return list(results_rows(first_phase))


def results_rows(phase):
    return OutboxMessage.objects.filter(phase=phase, kind=RESULTS).order_by("power")


def seats(phase):
    return notify.seated_players(phase.game)


def test_it_writes_seven_messages_in_three_statements(started_game, first_phase, monkeypatch):
    sent: list[int] = []
    monkeypatch.setattr(posting, "enqueue_sends", sent.extend)
    players = seats(first_phase)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        notify.to_each(RESULTS, first_phase.game, "results:x:{power}", players, phase=first_phase)
    assert len(queries.captured_queries) == 3  # keys already written, INSERT, the new ids
    assert sorted(sent) == sorted(results_rows(first_phase).values_list("pk", flat=True))
    assert len(sent) == 7


def test_it_writes_only_the_keys_not_yet_written(started_game, first_phase, monkeypatch):
    sent: list[int] = []
    monkeypatch.setattr(posting, "enqueue_sends", sent.extend)
    players = seats(first_phase)
    notify.to_each(RESULTS, first_phase.game, "results:x:{power}", players[:3], phase=first_phase)
    notify.to_each(RESULTS, first_phase.game, "results:x:{power}", players, phase=first_phase)
    notify.to_each(RESULTS, first_phase.game, "results:x:{power}", players, phase=first_phase)
    rows = results_rows(first_phase)
    assert [row.power for row in rows] == [seat.power for seat in players]
    assert len(sent) == 7 and sorted(sent) == sorted(row.pk for row in rows)


def test_it_skips_a_player_with_no_address(started_game, first_phase, monkeypatch):
    monkeypatch.setattr(posting, "enqueue_sends", lambda ids: None)
    players = seats(first_phase)
    players[0].user.email = ""
    notify.to_each(RESULTS, first_phase.game, "results:x:{power}", players, phase=first_phase)
    assert players[0].power not in {row.power for row in results_rows(first_phase)}
    assert results_rows(first_phase).count() == 6


def test_it_reads_the_recipient_with_the_row(results, mailoutbox):
    row = results[0]
    with CaptureQueriesContext(connection) as queries:
        assert send_outbox_message(row.pk) == "sent"
    settings_reads = [q for q in queries.captured_queries if "postoffice_emailsettings" in q["sql"]]
    assert len(settings_reads) == 1  # joined to the row's own SELECT
    assert len(queries.captured_queries) <= 10
    assert len(mailoutbox) == 1


def test_it_still_holds_and_blocks_by_the_settings_it_read(results, mailoutbox):
    first, second = results[:2]
    EmailSettings.objects.filter(user=first.user).update(verified_address="")
    EmailSettings.objects.filter(user=second.user).update(address_status="bounced")
    assert send_outbox_message(first.pk) == "held"
    assert send_outbox_message(second.pk) == "blocked"
    assert mailoutbox == []


def test_it_reads_the_game_with_the_row_and_the_seat_once(results, mailoutbox):
    row = results[0]
    with CaptureQueriesContext(connection) as queries:
        assert send_outbox_message(row.pk) == "sent"
    game_reads = [q for q in queries.captured_queries if 'FROM "games_game"' in q["sql"]]
    assert game_reads == []  # joined to the row's own SELECT, and used from there
    seat_reads = [q for q in queries.captured_queries if 'FROM "games_seat"' in q["sql"]]
    assert len(seat_reads) == 1  # who may read the results, and the reply address
    seat = row.game.seats.get(power=row.power)
    assert mailoutbox[0].reply_to == [reply_address_of_seat(seat)]


def test_a_batch_of_results_reads_the_open_phase_once(results, mailoutbox):
    with CaptureQueriesContext(connection) as queries:
        assert send_messages([row.pk for row in results]) == ["sent"] * 7
    phase_reads = [q for q in queries.captured_queries if 'FROM "games_phase"' in q["sql"]]
    assert len(phase_reads) == 1  # the same for every member: read once for seven
    parts = [part for message in mailoutbox for part in message.message().walk()]
    calendars = [part for part in parts if part.get_content_type() == "text/calendar"]
    assert len(calendars) == 7  # each email still carries the open phase's deadline


def test_a_deadline_marks_the_eliminated_once_when_no_phase_is_skipped(first_phase):
    assert claim_phase_now(first_phase)
    with CaptureQueriesContext(connection) as queries:
        adjudicate_phase(first_phase.pk)
    marks = [q for q in queries.captured_queries if "'eliminated'" in q["sql"]]
    assert len(marks) == 1  # the board the vote is decided on is the board that follows
