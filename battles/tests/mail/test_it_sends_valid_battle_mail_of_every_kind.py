"""Every kind of battle email, like every kind of game email
(games/tests/emails/test_it_sends_valid_mail_of_every_kind.py), parses under the
standard library's strict policy, names the type of its multipart/related,
keeps attachments outside it, and carries calendar files that hold to RFC 5545."""

from __future__ import annotations

import email
import email.policy
from datetime import timedelta

from django.utils import timezone
from icalendar import Calendar

from battles.actions.press import set_battle_press
from battles.models import BattleTurn
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from battles.tests.mail.test_it_plays_a_whole_battle_by_email import play_to_the_end
from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message
from postoffice.tasks import sweep_outbox

Kind = OutboxMessage.Kind
BATTLE_KINDS = {
    Kind.BATTLE_START,
    Kind.BATTLE_TURN,
    Kind.BATTLE_RESULTS,
    Kind.BATTLE_REMINDER,
    Kind.BATTLE_END,
    Kind.BATTLE_ANSWER,
    Kind.BATTLE_MESSAGE,
}


def play_every_battle_kind(cast: Cast, mailbox: Mailbox) -> list[OutboxMessage]:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    set_battle_press(battle, cast.gm, "open")
    mailbox.start(battle, cast.gm)
    mailbox.reply(cast.red, "begins", "PRESS TO BLUE\nWell met at the ford.\nEND")
    turn = battle.open_turn()
    assert turn is not None
    soon = timezone.now() + timedelta(hours=2)
    BattleTurn.objects.filter(pk=turn.pk).update(deadline=soon)
    mailbox.run(sweep_outbox)
    battle.refresh_from_db()
    play_to_the_end(cast, mailbox, battle)
    return list(OutboxMessage.objects.filter(battle=battle))


def parts_of(row: OutboxMessage) -> list[email.message.Message]:
    raw = outgoing_message(row).message().as_bytes()
    return list(email.message_from_bytes(raw, policy=email.policy.strict).walk())


def test_every_battle_kind_parses_strictly_with_valid_calendars(cast, mailbox):
    rows = play_every_battle_kind(cast, mailbox)
    assert {row.kind for row in rows} >= BATTLE_KINDS
    calendars = 0
    for row in rows:
        parts = parts_of(row)
        assert parts[0]["Message-ID"] == row.message_id_header, row.kind
        for part in parts:
            if part.get_content_type() == "multipart/related":
                assert part.get_param("type") == "multipart/alternative", row.kind
            if part.get_content_type() == "text/calendar":
                calendars += 1
                calendar = Calendar.from_ical(part.get_payload(decode=True))
                for event in calendar.walk("VEVENT"):
                    assert event.decoded("dtend") > event.decoded("dtstart"), row.kind
                    assert event.get("uid") is not None and event.get("dtstamp") is not None
    assert calendars >= 2
