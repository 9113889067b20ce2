"""Game mail behaves like good mail: every email threads under the
recipient's start email, an answer keeps the player's own chain; every
notification says it is automatic (RFC 3834) and names its game as a list
(RFC 2919); its Date carries a zone; and each calendar file of one event
takes a higher SEQUENCE than the one before, even within one minute."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime
from typing import Any

import pytest
from icalendar import Calendar

from games import actions
from games.actions.processing import adjudicate_phase
from games.tests.replies.conftest import answers_to, seat_address, send
from postoffice.calendar_sequence import next_sequence
from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message

pytestmark = pytest.mark.django_db


def parsed(row: OutboxMessage) -> Any:
    raw = outgoing_message(row).message().as_bytes()
    return email.message_from_bytes(raw, policy=email.policy.strict)


def england_row(game, kind: str) -> OutboxMessage:
    return OutboxMessage.objects.filter(game=game, kind=kind, power="ENGLAND").latest("pk")


@pytest.fixture
def results(started_game, first_phase):
    game, master, _ = started_game
    actions.process_now(first_phase, master)
    adjudicate_phase(first_phase.pk)
    return england_row(game, "results")


def test_results_thread_under_the_start_email(started_game, results):
    game = started_game[0]
    start = england_row(game, "game_start").message_id_header
    message = parsed(results)
    assert message["In-Reply-To"] == start
    assert message["References"] == start


def test_every_notification_is_marked_automatic_and_listed(started_game, results):
    game = started_game[0]
    for row in (results, england_row(game, "game_start")):
        message = parsed(row)
        assert message["Auto-Submitted"] == "auto-generated"
        assert message["List-Id"] == f"Fogbound <game-{game.pk}.127.0.0.1>"


def test_the_date_names_its_zone(results):
    assert parsed(results)["Date"].endswith("+0000")


def test_an_answer_keeps_the_players_chain(started_game):
    game = started_game[0]
    chain = "<a@client.example.org> <b@client.example.org>"
    headers = {"In-Reply-To": "<b@client.example.org>", "References": chain}
    send(
        "STATUS",
        "england@example.org",
        seat_address(game, "ENGLAND"),
        message_id="<c@client.example.org>",
        headers=headers,
    )
    (answer,) = answers_to("england@example.org")
    assert answer.extra_headers["In-Reply-To"] == "<c@client.example.org>"
    assert answer.extra_headers["References"] == f"{chain} <c@client.example.org>"
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"


def sequence_of(row: OutboxMessage) -> Any:
    message = parsed(row)
    ics = next(part for part in message.walk() if part.get_content_type() == "text/calendar")
    event = Calendar.from_ical(ics.get_payload(decode=True)).walk("VEVENT")[0]
    return event["sequence"]


def test_each_calendar_file_of_an_event_takes_a_higher_sequence(started_game):
    start = england_row(started_game[0], "game_start")
    numbers = [sequence_of(start) for _ in range(3)]
    assert numbers[0] < numbers[1] < numbers[2]


def test_the_sequence_never_falls_below_the_minutes_of_earlier_files():
    now = datetime(2026, 11, 29, 6, 0, tzinfo=UTC)
    first = next_sequence("game-1-S1901M@x", "england@example.com", now)
    assert first == int(now.timestamp() // 60)
    assert next_sequence("game-1-S1901M@x", "england@example.com", now) == first + 1
    assert next_sequence("game-1-F1901M@x", "england@example.com", now) == first


def test_a_readers_sequence_does_not_count_the_files_sent_to_others():
    # Reminders go only to powers that have not ordered: a count shared by
    # every reader would tell England how many of them there were.
    now = datetime(2026, 11, 29, 6, 0, tzinfo=UTC)
    for _ in range(3):
        next_sequence("game-1-S1901M@x", "france@example.com", now)
    assert next_sequence("game-1-S1901M@x", "england@example.com", now) == int(
        now.timestamp() // 60
    )


def test_subjects_carry_the_phase_code(started_game, results):
    game = started_game[0]
    assert parsed(results)["Subject"].startswith("Fogbound S1901M: Spring 1901 movement results")
    assert parsed(england_row(game, "game_start"))["Subject"].endswith("(S1901M)")
