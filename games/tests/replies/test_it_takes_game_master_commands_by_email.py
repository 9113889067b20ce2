"""The game master by email, from their own address to their own reply
address: PROCESS, EXTEND <duration>, SET DEADLINE <day time>, PAUSE,
RESUME, BROADCAST, and STATUS (who has ordered). Each goes through the
console's own actions and into the log. (Adjudication is queued on
commit, which these tests never reach: they look at the claim.)"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games import actions
from games.models import PressMessage
from games.tests.replies.conftest import answers_to, send
from tests.plain_text import says

GM = "gm@example.org"


def answer_body() -> str:
    found = answers_to(GM)
    assert len(found) == 1
    return found[0].body


def test_process_claims_the_open_phase(game, phase, game_master_address):
    send("PROCESS", GM, game_master_address)
    phase.refresh_from_db()
    assert phase.status == "adjudicating"
    assert "> PROCESS\n   Spring 1901 movement is being adjudicated." in answer_body()
    assert game.log.filter(action="process now").exists()


def test_extend_moves_the_deadline(game, phase, game_master_address):
    before = phase.deadline
    send("EXTEND 1 day 12 hours", GM, game_master_address)
    phase.refresh_from_db()
    assert phase.deadline - before == timedelta(days=1, hours=12)
    assert "extended by 1 day 12 hours." in answer_body()


def test_extend_names_the_word_it_could_not_read(game, phase, game_master_address):
    before = phase.deadline
    send("EXTEND a fortnight", GM, game_master_address)
    phase.refresh_from_db()
    assert phase.deadline == before
    wanted = 'NOT DONE: could not read "a": give a time like 24 hours, 2 days or 1 week'
    assert says(answer_body(), wanted)


def test_extend_takes_weeks(game, phase, game_master_address):
    before = phase.deadline
    send("EXTEND 1 week", GM, game_master_address)
    phase.refresh_from_db()
    assert phase.deadline - before == timedelta(weeks=1)
    assert "extended by 1 week." in answer_body()


def test_pause_and_resume(game, game_master_address):
    send("PAUSE", GM, game_master_address)
    game.refresh_from_db()
    assert game.status == "paused"
    send("RESUME", GM, game_master_address)
    game.refresh_from_db()
    assert game.status == "active"


def test_status_lists_who_has_ordered(game_and_players, phase, game_master_address):
    _, _, players = game_and_players
    actions.submit_orders(phase, players["FRANCE"], "FRANCE", ["A PAR - BUR"])
    actions.set_ready(phase, players["ITALY"], "ITALY", True)
    send("STATUS", GM, game_master_address)
    body = answer_body()
    assert "  France: ordered\n" in body
    assert "  Italy: no orders, ready\n" in body
    assert "  England: no orders\n" in body


def test_the_game_master_gives_no_orders(game, phase, game_master_address):
    send("A Par - Bur", GM, game_master_address)
    assert 'NOT DONE: could not use "orders": the game master gives no orders' in answer_body()
    assert not phase.order_sheets.exists()


def test_only_from_the_game_masters_own_address(game, phase, game_master_address):
    assert send("PAUSE", "england@example.org", game_master_address).outcome == "refused"
    game.refresh_from_db()
    assert game.status == "active"


def test_a_player_address_does_not_take_game_master_commands(game, england):
    assert send("PAUSE", GM, england).outcome == "refused"


def test_the_console_shows_the_game_masters_address(client, game_and_players, game_master_address):
    game, master, _ = game_and_players
    client.force_login(master)
    page = client.get(f"/games/{game.pk}/console/").content.decode()
    assert game_master_address in page


def test_end_battle_is_a_battles_command_not_a_games(game, phase, game_master_address):
    send("END BATTLE ENGLAND: we stop here", GM, game_master_address)
    wanted = 'NOT DONE: could not use "END BATTLE": it ends a grid battle, and this is a game'
    assert says(answer_body(), wanted)
    game.refresh_from_db()
    assert game.status == "active"


def test_broadcast_by_the_game_master_reaches_every_power(game, phase, game_master_address):
    send("BROADCAST\nThe deadline stands.\nEND", GM, game_master_address)
    message = PressMessage.objects.get(game=game)
    assert message.recipients.count() == 7
    assert message.body == "The deadline stands."
    assert "Press sent to Everyone." in answer_body()


def test_set_deadline_moves_it_to_the_time_given(game, phase, game_master_address):
    wanted = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    send(f"SET DEADLINE {wanted:%Y-%m-%d %H:%M}", GM, game_master_address)
    phase.refresh_from_db()
    assert phase.deadline == wanted
    assert "The deadline of Spring 1901 movement is now" in answer_body()


def test_set_deadline_names_what_it_could_not_read(game, phase, game_master_address):
    send("SET DEADLINE next friday", GM, game_master_address)
    assert 'NOT DONE: could not read "next friday": write SET DEADLINE' in answer_body()


def test_a_player_cannot_set_the_deadline(game, phase, england):
    send("SET DEADLINE 2030-01-01 12:00", "england@example.org", england)
    (answer,) = answers_to("england@example.org")
    assert 'could not use "SET DEADLINE": only the game master can' in answer.body
