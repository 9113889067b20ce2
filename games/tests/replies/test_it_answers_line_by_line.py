"""Every accepted message gets an answer: each line as understood, each error
naming its word, the whole sheet now standing, the deadline in the player's
own time zone; threaded under the message and marked automatic."""

from __future__ import annotations

import zoneinfo

from django.utils import dateformat

from accounts import actions as account_actions
from games.tests.replies.conftest import answers_to, send, sheet_of
from postoffice.mime import named_files


def only_answer(address: str = "england@example.org"):
    found = answers_to(address)
    assert len(found) == 1
    return found[0]


def test_it_says_how_each_line_was_understood(game, phase, england):
    send("ORDERS\nF London - North Sea\nf edi-nwg\nA Lvp H", "england@example.org", england)
    answer = only_answer()
    assert "> F London - North Sea\n   F LON - NTH" in answer.body
    assert "> f edi-nwg\n   F EDI - NWG" in answer.body
    assert "Your orders now standing:\n  F LON - NTH\n  F EDI - NWG\n  A LVP H" in answer.body


def test_each_error_names_its_word_and_the_good_lines_are_kept(game, phase, england):
    send("F Lon - Nth\nA Lvp - Narnia", "england@example.org", england)
    body = only_answer().body
    assert 'NOT DONE: could not read "Narnia": not a province' in body
    assert "1 line(s) could not be used; the other orders were saved" in body
    assert "Your orders now standing:\n  F LON - NTH\n" in body
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]


def test_no_good_line_leaves_the_standing_orders(game, phase, england):
    send("F Lon - Nth", "england@example.org", england)
    send("A Lvp - Narnia", "england@example.org", england)
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]


def test_a_new_order_replaces_only_its_units(game, phase, england):
    send("F Lon - Nth\nF Edi - Nwg", "england@example.org", england)
    send("A Lvp - Yor\nF Edi - Nth", "england@example.org", england)
    assert sorted(sheet_of(phase, "ENGLAND")) == ["A LVP - YOR", "F EDI - NTH", "F LON - NTH"]


def test_clear_empties_the_sheet_before_the_emails_orders(game, phase, england):
    send("F Lon - Nth\nF Edi - Nwg", "england@example.org", england)
    answers_to("england@example.org")
    send("CLEAR\nA Lvp - Yor", "england@example.org", england)
    assert sheet_of(phase, "ENGLAND") == ["A LVP - YOR"]
    body = only_answer().body
    assert "> CLEAR\n   Your standing orders were emptied" in body
    assert "F EDI H    no order: it holds" in body


def test_clear_alone_leaves_every_unit_holding(game, phase, england):
    send("F Lon - Nth", "england@example.org", england)
    send("Clear orders", "england@example.org", england)
    assert sheet_of(phase, "ENGLAND") == []


def test_it_gives_the_deadline_in_the_players_time_zone(game, phase, england, game_and_players):
    account_actions.update_profile(game_and_players[2]["ENGLAND"], "Asia/Tokyo")
    send("STATUS", "england@example.org", england)
    tokyo = phase.deadline.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert f"Deadline: {dateformat.format(tokyo, 'l j F Y, H:i T')}" in only_answer().body


def test_it_threads_under_the_message_and_marks_itself_automatic(game, england):
    send("STATUS", "england@example.org", england, message_id="<m1@client.example.org>")
    answer = only_answer()
    assert answer.extra_headers["In-Reply-To"] == "<m1@client.example.org>"
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.subject == "Re: Fogbound"
    assert answer.reply_to == [england]


def test_ready_and_not_ready(game, phase, england):
    send("READY", "england@example.org", england)
    assert "Your orders now standing (you are ready):" in only_answer().body
    send("NOT READY", "england@example.org", england)
    assert "(you are ready)" not in only_answer().body


def test_help_lists_the_commands(game, england):
    send("HELP", "england@example.org", england)
    body = only_answer().body
    for word in ("READY / NOT READY", "PRESS TO", "STATUS", "MAP", "HELP"):
        assert word in body


def test_an_empty_message_gets_help(game, england):
    send("\n\n", "england@example.org", england)
    assert "There were no commands or orders in it." in only_answer().body


def test_map_sends_the_latest_map_again(game, england):
    send("MAP", "england@example.org", england)
    assert list(named_files(only_answer())) == ["map.png"]


def test_the_game_master_commands_are_not_a_players(game, phase, england):
    send("PROCESS\nPAUSE", "england@example.org", england)
    assert 'NOT DONE: could not use "PROCESS": only the game master can' in only_answer().body
    phase.refresh_from_db()
    game.refresh_from_db()
    assert (phase.status, game.status) == ("open", "active")


def test_every_accepted_message_leaves_a_log_entry(game, england):
    send("F Lon - Nth\nREADY", "england@example.org", england)
    entry = game.log.get(action="email")
    assert entry.detail == "England by email (test): ORDERS, READY"


def test_what_the_player_typed_is_never_html_in_the_answer(game, england):
    send("<script>alert(1)</script>\nSTATUS", "england@example.org", england)
    html = str(only_answer().alternatives[0][0])
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_help_is_kept_to_72_columns(game, phase, england):
    send("HELP", "england@example.org", england)
    help_text = only_answer().body.split("Write one order or command a line:")[1]
    assert [line for line in help_text.splitlines() if len(line) > 72 and "://" not in line] == []
