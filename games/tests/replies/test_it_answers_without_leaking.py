"""An answer holds only what the power may see: England's answer is the same,
byte for byte, whether or not Turkey moved a unit far from anything England
can see (the way the results email is tested)."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games import actions
from games.replies.addresses import reply_address_of_seat
from games.tests.emails.conftest import make_game
from games.tests.replies.conftest import answers_to, letter
from postoffice.inbound.handler import handle_message
from postoffice.mime import named_files

ENGLISH_EMAIL = "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\nA Lvp - Narnia\nSTATUS\nMAP\nHELP"
# The commands of round three too: each answer ends with every unit's order.
ENGLISH_EMAIL += "\nCLEAR\nPHASE S1901M\nLIST Fogbound\nSUMMARY Fogbound\nGET RULES"
ENGLISH_FALL = "STATUS\nMAP\nF Nth - Nwy\nHISTORY Fogbound\nSET NOWAIT\nREADY"


@pytest.fixture
def frozen_clock(monkeypatch):
    instant = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: instant)


def england_answers(turkey_moves: bool, preset: str = "dc2005") -> list[tuple]:
    game, _, players = make_game(preset, suffix="-busy" if turkey_moves else "")
    spring = game.phases.get(ordinal=1)
    if turkey_moves:
        actions.submit_orders(spring, players["TURKEY"], "TURKEY", ["A SMY - ARM"])
    address = reply_address_of_seat(game.active_seats().get(power="ENGLAND"))
    answers = [answer(game, address, ENGLISH_EMAIL, "spring")]
    assert actions.claim_phase_now(spring)
    actions.adjudicate_phase(spring.pk)
    answers.append(answer(game, address, ENGLISH_FALL, "fall"))
    return answers


def answer(game, address: str, body: str, name: str) -> tuple:
    message_id = f"<{name}-{game.pk}@client.example.org>"
    raw = letter(body, "england@example.org", address, message_id=message_id)
    assert handle_message(raw, "test").outcome == "accepted"
    sent = answers_to("england@example.org")
    assert len(sent) == 1
    return comparable(sent[0], game.pk)


def comparable(message, game_id: int) -> tuple:
    def plain(text: str) -> str:
        # The game's number and the writer's own general address name who
        # they are, not what Turkey did.
        text = re.sub(r"play\+u\d+\.[a-z0-9]+@", "play+PERSON@", text)
        text = text.replace(f"(#{game_id})", "(#N)")
        return re.sub(rf"/games/{game_id}/", "/games/N/", text)

    files = named_files(message)
    html = message.alternatives[0][0] if message.alternatives else ""
    return (message.subject, plain(message.body), plain(str(html)), files)


def test_it_answers_the_same_bytes_whatever_is_hidden(db, frozen_clock):
    quiet = england_answers(turkey_moves=False)
    busy = england_answers(turkey_moves=True)
    assert quiet == busy
    assert "map.png" in quiet[1][3]


def test_it_would_notice_a_difference(db, frozen_clock):
    """The control: in standard play England's map does show Turkey's move."""
    quiet = england_answers(turkey_moves=False, preset="standard")
    busy = england_answers(turkey_moves=True, preset="standard")
    assert quiet[1][3]["map.png"] != busy[1][3]["map.png"]
