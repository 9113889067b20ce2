"""A reply to a press email that begins with orders (iPhone Mail): the
orders and READY are played, and only the talk goes back as press to the
power that wrote, under the game's press rule."""

from __future__ import annotations

from games import actions
from games.models import OrderSheet, PressMessage
from games.tests.replies.clients import send_client_mail
from games.tests.replies.conftest import answers_to, seat_address, sheet_of
from postoffice.models import OutboxMessage

GERMANY = "germany@example.org"


def reply_to_english_press(game, players) -> None:
    actions.send_press(
        game, players["ENGLAND"], "ENGLAND", ["GERMANY"], "Split the Low Countries?", "ENGLAND"
    )
    row = OutboxMessage.objects.get(game=game, kind="press", power="GERMANY")
    answered = row.message_id_header.strip("<>")
    handled = send_client_mail(
        "iphone_press_reply_with_orders.eml", GERMANY, seat_address(game, "GERMANY"), answered
    )
    assert handled.outcome == "accepted"


def test_the_orders_in_a_reply_to_press_are_played(game_and_players, phase):
    game, _, players = game_and_players
    reply_to_english_press(game, players)
    assert sorted(sheet_of(phase, "GERMANY")) == ["A MUN - RUH", "F KIE - DEN"]
    assert OrderSheet.objects.get(phase=phase, power="GERMANY").ready


def test_only_the_talk_goes_back_to_the_sender(game_and_players, phase):
    game, _, players = game_and_players
    reply_to_english_press(game, players)
    reply = PressMessage.objects.get(sender_power="GERMANY")
    assert reply.body.startswith("Deal. See you in the Ruhr, and keep out of Holland.")
    assert "A MUN - RUH" not in reply.body and "READY" not in reply.body
    assert [r.power for r in reply.recipients.all()] == ["ENGLAND"]
    assert reply.shown_as == "GERMANY"
    assert "Press sent to England" in answers_to(GERMANY)[0].body
