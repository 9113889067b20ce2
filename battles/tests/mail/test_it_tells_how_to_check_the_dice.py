"""Every battle email links the battle rules; the start email says how the commitment is made,
with a worked example that checks out, and the end email links the battle's verify page."""

from __future__ import annotations

import hashlib

from django.urls import reverse

from battles.tests.mail.conftest import SEED, Cast, Mailbox, knight, set_up
from battles.tests.mail.test_it_plays_a_whole_battle_by_email import play_to_the_end

EXAMPLE = "0123456789abcdef" * 4


def test_every_battle_email_links_the_battle_rules(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    play_to_the_end(cast, mailbox, battle)
    assert mailbox.sent
    for message in mailbox.sent:
        assert reverse("rules_battle") in message.body, message.subject
        assert reverse("rules_battle") in message.alternatives[0][0], message.subject


def test_the_start_email_shows_how_to_check_with_an_example(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    start = mailbox.last_to(cast.red, "the battle begins").body
    assert "the SHA-256 of the seed as printed: echo -n SEED | sha256sum" in start
    assert hashlib.sha256(SEED.encode()).hexdigest() == battle.commitment
    assert f"echo -n {EXAMPLE} | sha256sum" in start
    assert hashlib.sha256(EXAMPLE.encode()).hexdigest() in start


def test_the_end_email_links_the_verify_page(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    play_to_the_end(cast, mailbox, battle)
    end = mailbox.last_to(cast.blue, "the battle is over").body
    assert reverse("battle_verify", args=[battle.pk]) in end and SEED in end
