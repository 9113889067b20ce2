"""njudge's DIARY by email: a note kept for the writer's seat, listed and
read back by them alone; another power's answer is the same whether or not
England keeps a diary (two worlds), and the game master reads none."""

from __future__ import annotations

import pytest

from games.tests.replies.clients import send_round_three
from games.tests.replies.conftest import answers_to, seat_address, send
from postoffice.models import DiaryEntry
from tests.plain_text import says

pytestmark = pytest.mark.django_db
SENDER = "england@example.org"
NOTE = "Russia promised to stay out of Sweden; watch Livonia in the fall."


def only_answer(address: str) -> str:
    (answer,) = answers_to(address)
    return str(answer.body)


def test_a_note_is_kept_listed_and_read_back(game, phase, england):
    answers_to(SENDER)
    send_round_three("gmail_diary.eml", SENDER, england)
    body = only_answer(SENDER)
    assert "NOT DONE" not in body, body
    assert says(body, "Kept in your diary as note 1; only you can read it")
    assert says(body, "Your diary of this game:\n  1. ")
    assert ": Russia promised to stay out of Sweden; watch Li...\n" in body  # its first words
    assert DiaryEntry.objects.get(power="ENGLAND").text == NOTE
    send("DIARY READ 1", SENDER, england, message_id="<read@client.example.org>")
    assert says(only_answer(SENDER), NOTE)


def france_lists_her_diary(game, name: str) -> str:
    answers_to("france@example.org")
    address = seat_address(game, "FRANCE")
    send("DIARY LIST", "france@example.org", address, message_id=f"<{name}@client.example.org>")
    return only_answer("france@example.org")


def test_no_one_else_reads_it(game, phase, england, game_master_address):
    before = france_lists_her_diary(game, "before")
    send_round_three("gmail_diary.eml", SENDER, england)
    assert france_lists_her_diary(game, "after") == before
    assert "Livonia" not in before and "Your diary of this game is empty" in before
    send("DIARY LIST", "gm@example.org", game_master_address)
    assert "Livonia" not in only_answer("gm@example.org")


def test_a_bad_number_or_an_empty_note_is_named(game, phase, england):
    answers_to(SENDER)
    send("DIARY READ 3\nDIARY READ first\nDIARY RECORD", SENDER, england)
    body = only_answer(SENDER)
    assert says(body, "NOT DONE: Your diary has no note 3 (it has 0).")
    assert says(body, 'NOT DONE: could not read "first": write DIARY READ')
    assert says(body, 'NOT DONE: could not read "DIARY RECORD": write the note')
    assert not DiaryEntry.objects.exists()
