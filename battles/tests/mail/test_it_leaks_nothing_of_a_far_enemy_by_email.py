"""Fog: an enemy token far from a side's tokens changes nothing in the email the
side receives: subjects, text, HTML, the picture attached. Two battles alike but
for one far Blue token are played by email; Red's mail is compared byte by byte
(after the battle's number and the reply address's signature, which name the
battle's row)."""

from __future__ import annotations

import re
from typing import Any

from battles.models import Battle
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up

# Enough HP that nobody falls in two rounds: a battle won would end differently
# with the far token standing, and whether a battle is over is no secret.
NEAR = [knight("R1", "Red", "a1", hp=30), knight("B1", "Blue", "b2", hp=30)]
MOVES = {"Red": ("red", "R1 attack B1"), "Blue": ("blue", "B1 attack R1")}


def play_two_rounds(cast: Cast, mailbox: Mailbox, far: str | None) -> Battle:
    tokens = [*NEAR, *([knight("B9", "Blue", far)] if far else [])]
    battle = set_up(cast, tokens, sight=2)
    mailbox.start(battle, cast.gm)
    for _ in range(4):
        battle.refresh_from_db()
        turn = battle.open_turn()
        if turn is None:
            break
        player, line = MOVES[turn.side]
        mailbox.reply(cast.user(player), f"turn {turn.number}, {turn.side} to act", line)
    return battle


def red_mail(cast: Cast, mailbox: Mailbox, battle: Battle) -> list[tuple[Any, ...]]:
    return [received(message, battle) for message in mailbox.to(cast.red)]


def received(message: Any, battle: Battle) -> tuple[Any, ...]:
    html = message.alternatives[0][0] if message.alternatives else ""
    files = [
        (a.filename, same_file(a, battle)) for a in message.attachments if hasattr(a, "filename")
    ]
    inline = [a.get_payload(decode=True) for a in message.attachments if not hasattr(a, "filename")]
    texts = [same_ids(text, battle) for text in (message.subject, message.body, html)]
    return (*texts, files, inline, same_ids(message.reply_to[0], battle))


def same_file(attachment: Any, battle: Battle) -> Any:
    """A calendar file with the battle's id and the moments it was written and due masked."""
    if attachment.mimetype != "text/calendar":
        return attachment.content
    content = attachment.content
    text = content.decode() if isinstance(content, bytes) else content
    text = same_ids(text, battle).replace(f"battle-{battle.pk}-", "battle-N-")
    moments = ("DTSTAMP", "DTSTART", "DTEND", "SEQUENCE")
    return "\n".join(line for line in text.splitlines() if not line.startswith(moments))


def same_ids(text: str, battle: Battle) -> str:
    text = text.replace(f"/battles/{battle.pk}/", "/battles/N/")
    text = re.sub(r"play\+b\d+-s\d+-\d+\.[a-z0-9]+@", "play+REPLY@", text)
    return re.sub(r"\d\d:\d\d UTC", "HH:MM UTC", text)  # the deadline's minute


def test_a_far_enemy_token_changes_no_byte_of_a_sides_email(cast: Cast, mailbox: Mailbox) -> None:
    without = play_two_rounds(cast, mailbox, None)
    mail_without = red_mail(cast, mailbox, without)
    Battle.objects.all().delete()
    mailbox.sent = []
    with_far = play_two_rounds(cast, mailbox, "g5")
    mail_with = red_mail(cast, mailbox, with_far)
    assert len(mail_with) >= 6  # start, two results each round, the answers
    assert mail_with == mail_without
    assert not any(b"B9" in str(m).encode() for m in mail_with)


def test_the_far_token_is_in_the_game_masters_and_its_own_sides_mail(
    cast: Cast, mailbox: Mailbox
) -> None:
    play_two_rounds(cast, mailbox, "g5")
    assert "B9 (Blue) at g5" in mailbox.last_to(cast.gm, "results for").body
    assert "B9 (Blue) at g5" in mailbox.last_to(cast.blue, "results for").body
    assert "B9" not in mailbox.last_to(cast.red, "results for").body
