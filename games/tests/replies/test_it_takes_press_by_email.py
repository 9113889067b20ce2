"""PRESS TO <powers> [SIGNED AS <power> | ANONYMOUS] ... END, under the game's
press rule; and a reply to a press email goes back into that conversation."""

from __future__ import annotations

import pytest

from games import actions
from games.models import Game, PressMessage
from games.tests.replies.conftest import answers_to, seat_address, send
from postoffice.models import OutboxMessage
from tests.plain_text import says

pytestmark = pytest.mark.django_db


def set_press_mode(game: Game, mode: str) -> None:
    Game.objects.filter(pk=game.pk).update(press_mode=mode)
    game.refresh_from_db()


def test_it_sends_press_to_the_named_powers(game, england):
    send("PRESS TO France, Germany\nShall we talk?\nEND", "england@example.org", england)
    message = PressMessage.objects.get(game=game)
    assert (message.sender_power, message.shown_as, message.body) == (
        "ENGLAND",
        "ENGLAND",
        "Shall we talk?",
    )
    assert [r.power for r in message.recipients.all()] == ["FRANCE", "GERMANY"]
    rows = OutboxMessage.objects.filter(kind="press").values_list("power", flat=True)
    assert sorted(rows) == ["FRANCE", "GERMANY"]


def test_it_sends_to_everyone(game, england):
    send("PRESS TO EVERYONE\nHello all\nEND", "england@example.org", england)
    assert PressMessage.objects.get(game=game).recipients.count() == 6


def test_white_press_refuses_an_unsigned_message(game, england):
    send("PRESS TO FRANCE ANONYMOUS\nGuess who\nEND", "england@example.org", england)
    assert not PressMessage.objects.exists()
    body = answers_to("england@example.org")[0].body
    assert "NOT DONE: White press (signed) does not let you send as Anonymous." in body


def test_grey_press_sends_it_unsigned(game, england):
    set_press_mode(game, "grey")
    send("PRESS TO FRANCE SIGNED AS ANONYMOUS\nGuess who\nEND", "england@example.org", england)
    assert PressMessage.objects.get().shown_as == "ANONYMOUS"


def test_black_press_signs_as_another_power(game, england):
    set_press_mode(game, "black")
    send("PRESS TO FRANCE SIGNED AS GERMANY\nTrust me\nEND", "england@example.org", england)
    assert PressMessage.objects.get().shown_as == "GERMANY"


def test_gunboat_has_no_press(game, england):
    set_press_mode(game, "none")
    send("PRESS TO FRANCE\nHello\nEND", "england@example.org", england)
    assert not PressMessage.objects.exists()
    assert "NOT DONE: This game has no press" in answers_to("england@example.org")[0].body


def test_each_press_error_names_its_word(game, england):
    send("PRESS TO FRNACE\nHello\nEND\nPRESS TO ITALY\nno end", "england@example.org", england)
    body = answers_to("england@example.org")[0].body
    assert 'NOT DONE: could not read "FRNACE": not a power' in body
    assert 'NOT DONE: no "END" line after the message' in body
    assert not PressMessage.objects.exists()


def press_email_to(game: Game, power: str) -> OutboxMessage:
    return OutboxMessage.objects.get(game=game, kind="press", power=power)


def test_a_reply_to_a_press_email_goes_back_to_its_sender(game_and_players):
    game, _, players = game_and_players
    actions.send_press(game, players["FRANCE"], "FRANCE", ["ENGLAND"], "Channel?", "FRANCE")
    row = press_email_to(game, "ENGLAND")
    send(
        "Agreed: the Channel stays empty.\n\nOn Mon, FogDip wrote:\n> Channel?",
        "england@example.org",
        seat_address(game, "ENGLAND"),
        headers={"In-Reply-To": row.message_id_header},
    )
    reply = PressMessage.objects.get(sender_power="ENGLAND")
    assert reply.body == "Agreed: the Channel stays empty."
    assert [r.power for r in reply.recipients.all()] == ["FRANCE"]
    assert reply.shown_as == "ENGLAND"


def test_a_reply_to_a_black_press_email_goes_to_the_name_it_was_signed_with(game_and_players):
    game, _, players = game_and_players
    set_press_mode(game, "black")
    actions.send_press(game, players["GERMANY"], "GERMANY", ["ENGLAND"], "I am France", "FRANCE")
    row = press_email_to(game, "ENGLAND")
    send(
        "Really?",
        "england@example.org",
        seat_address(game, "ENGLAND"),
        headers={"References": f"<other@x> {row.message_id_header}"},
    )
    reply = PressMessage.objects.get(sender_power="ENGLAND")
    assert [r.power for r in reply.recipients.all()] == ["FRANCE"]


def test_a_reply_to_an_unsigned_message_asks_for_press_to(game_and_players):
    game, _, players = game_and_players
    set_press_mode(game, "grey")
    actions.send_press(game, players["FRANCE"], "FRANCE", ["ENGLAND"], "Boo", "ANONYMOUS")
    row = press_email_to(game, "ENGLAND")
    send(
        "Who is this?",
        "england@example.org",
        seat_address(game, "ENGLAND"),
        headers={"In-Reply-To": row.message_id_header},
    )
    assert not PressMessage.objects.filter(sender_power="ENGLAND").exists()
    assert says(answers_to("england@example.org")[0].body, "write PRESS TO")


def test_a_reply_starting_with_a_command_is_read_as_commands(game_and_players, phase):
    game, _, players = game_and_players
    actions.send_press(game, players["FRANCE"], "FRANCE", ["ENGLAND"], "Channel?", "FRANCE")
    row = press_email_to(game, "ENGLAND")
    send(
        "ORDERS\nF Lon - Nth",
        "england@example.org",
        seat_address(game, "ENGLAND"),
        headers={"In-Reply-To": row.message_id_header},
    )
    assert not PressMessage.objects.filter(sender_power="ENGLAND").exists()
    assert phase.order_sheets.get(power="ENGLAND").parsed == ["F LON - NTH"]


def test_the_press_email_says_replying_works(game_and_players):
    from postoffice.compose import build_message
    from postoffice.sending import draft_of

    game, _, players = game_and_players
    actions.send_press(game, players["FRANCE"], "FRANCE", ["ENGLAND"], "Channel?", "FRANCE")
    email = build_message(draft_of(press_email_to(game, "ENGLAND")))
    assert "Replying works: your reply goes to France as press" in email.body
    assert email.reply_to == [seat_address(game, "ENGLAND")]
