"""Before a side-turn's deadline the side's players are reminded, once, by the
outbox sweep however often it runs; a moved deadline earns one more reminder;
the other side and players who turned reminders off get none."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from battles.actions.play import extend_turn
from battles.emails import reminders as battle_reminders
from battles.models import Battle, BattleTurn
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from postoffice.models import EmailSettings, OutboxMessage
from postoffice.tasks import sweep_outbox

Kind = OutboxMessage.Kind


@pytest.fixture
def battle(cast: Cast, mailbox: Mailbox) -> Battle:
    battle = set_up(cast, [knight("R1", "Red", "c3", hp=9), knight("B1", "Blue", "d3", hp=9)])
    mailbox.start(battle, cast.gm)
    battle.refresh_from_db()
    return battle


def closing(battle: Battle, hours: int = 2) -> BattleTurn:
    turn = battle.open_turn()
    assert turn is not None
    BattleTurn.objects.filter(pk=turn.pk).update(deadline=timezone.now() + timedelta(hours=hours))
    turn.refresh_from_db()
    return turn


def sweep(mailbox: Mailbox) -> None:
    mailbox.run(sweep_outbox)


def test_the_side_to_act_is_reminded_once(cast: Cast, mailbox: Mailbox, battle: Battle) -> None:
    turn = closing(battle)
    sweep(mailbox)
    sweep(mailbox)
    acting = cast.red if turn.side == "Red" else cast.blue
    waiting = cast.blue if turn.side == "Red" else cast.red
    assert len(mailbox.to(acting, "reminder")) == 1
    assert mailbox.to(waiting, "reminder") == [] and mailbox.to(cast.gm, "reminder") == []
    assert "has not yet sent its activation for turn 1" in mailbox.to(acting, "reminder")[0].body
    turn.refresh_from_db()
    assert turn.reminded


def test_no_reminder_while_the_deadline_is_far(
    cast: Cast, mailbox: Mailbox, battle: Battle
) -> None:
    closing(battle, hours=20)  # further than the default 12 hours
    sweep(mailbox)
    assert not OutboxMessage.objects.filter(kind=Kind.BATTLE_REMINDER).exists()
    assert not battle.open_turn().reminded  # type: ignore[union-attr]


def test_a_moved_deadline_earns_one_more(cast: Cast, mailbox: Mailbox, battle: Battle) -> None:
    closing(battle)
    sweep(mailbox)
    extend_turn(battle, cast.gm, timedelta(hours=1))
    sweep(mailbox)
    sweep(mailbox)
    assert OutboxMessage.objects.filter(kind=Kind.BATTLE_REMINDER).count() == 2


def test_a_player_who_wants_no_reminders_gets_none(
    cast: Cast, mailbox: Mailbox, battle: Battle
) -> None:
    turn = closing(battle)
    acting = cast.red if turn.side == "Red" else cast.blue
    EmailSettings.objects.update_or_create(user=acting, defaults={"reminders": False})
    sweep(mailbox)
    assert not OutboxMessage.objects.filter(kind=Kind.BATTLE_REMINDER).exists()
    turn.refresh_from_db()
    assert turn.reminded


def test_the_reminder_carries_the_sides_picture_and_the_deadline(
    cast: Cast, mailbox: Mailbox, battle: Battle
) -> None:
    turn = closing(battle)
    sweep(mailbox)
    acting = cast.red if turn.side == "Red" else cast.blue
    reminder = mailbox.last_to(acting, "reminder")
    inline = [part for part in reminder.attachments if not isinstance(part, tuple)]
    assert [part.get_content_type() for part in inline] == ["image/png"]
    (calendar,) = [
        item
        for item in reminder.attachments
        if isinstance(item, tuple) and item[0] == "deadline.ics"
    ]
    text = calendar[1].decode() if isinstance(calendar[1], bytes) else calendar[1]
    assert f"UID:battle-{battle.pk}-turn-{turn.number}@fogdip" in text
    assert turn.deadline.strftime("%Y%m%dT%H%M") in text
    assert "Your picture is attached" in reminder.body


def test_a_failure_reminding_a_side_never_stops_the_outbox_sweep(
    cast: Cast, mailbox: Mailbox, battle: Battle, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Logged and tried again at the next sweep; the rest of the sweep (sending
    what is due) goes on meanwhile."""
    turn = closing(battle)

    def broken(turn: BattleTurn, now: object) -> tuple[int, bool]:
        raise RuntimeError("a record that cannot be read")

    monkeypatch.setattr(battle_reminders, "remind_side", broken)
    sweep(mailbox)
    turn.refresh_from_db()
    assert not turn.reminded
    monkeypatch.undo()
    sweep(mailbox)
    acting = cast.red if turn.side == "Red" else cast.blue
    assert len(mailbox.to(acting, "reminder")) == 1
