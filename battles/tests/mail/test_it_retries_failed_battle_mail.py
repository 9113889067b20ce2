"""A battle's game master sees every message of the battle and how it went,
and sends failed ones again, as a game's game master does for a game."""

from __future__ import annotations

from django.urls import reverse

from battles.models import BattleLogEntry
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from games.tests.web.conftest import client_for
from postoffice.models import OutboxMessage

FAILED = OutboxMessage.Status.FAILED


def test_the_game_master_sees_the_battles_mail_and_sends_failed_mail_again(
    cast: Cast, mailbox: Mailbox
) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    rows = OutboxMessage.objects.filter(battle=battle)
    assert rows.exists() and not rows.exclude(status="sent").exists()
    failing = rows.filter(user=cast.red).first()
    assert failing is not None
    rows.filter(pk=failing.pk).update(status=FAILED, last_error="provider down")
    gm = client_for(cast.gm)
    page = gm.get(reverse("battle_outbox", args=[battle.pk])).content.decode()
    assert "1 message could not be sent" in page and "provider down" in page
    assert page.count("red@example.org") == rows.filter(user=cast.red).count()
    sent_before = len(mailbox.sent)
    mailbox.run(lambda: gm.post(reverse("battle_outbox_retry", args=[battle.pk])))
    failing.refresh_from_db()
    assert failing.status == OutboxMessage.Status.SENT
    assert [m.to for m in mailbox.sent[sent_before:]] == [[cast.red.email]]
    assert BattleLogEntry.objects.filter(battle=battle, action="retry email").exists()


def test_a_sides_player_may_not(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    red = client_for(cast.red)
    assert red.get(reverse("battle_outbox", args=[battle.pk])).status_code == 403
    assert red.post(reverse("battle_outbox_retry", args=[battle.pk])).status_code == 403
