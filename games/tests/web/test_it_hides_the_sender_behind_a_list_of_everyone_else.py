"""Anonymous press to every other power, named one by one, read "To: Austria,
England, France, Italy, Russia, Turkey": the one power missing was the sender.
Such a list reads "Everyone", like a broadcast, on the page, in press.json and
in the email; a reader cannot tell which power left itself out."""

from __future__ import annotations

import pytest

from games.models import Game
from games.press.models import ANONYMOUS
from games.tests.web.press_game import (
    POWERS,
    Table,
    make_table,
    press_emails,
    press_game,
    press_json,
    press_page,
    send,
)


@pytest.mark.django_db
@pytest.mark.parametrize("sender", ["GERMANY", "ITALY"])
def test_a_list_of_everyone_else_never_names_the_sender_by_leaving_it_out(sender: str) -> None:
    table = make_table()
    game = press_game(table, press_mode="grey")
    others = [power for power in POWERS if power != sender]
    send(game, table, sender, others, "Who am I?", ANONYMOUS)
    reader = "ENGLAND"
    for seen in (press_page(table.players[reader], game), press_json(table.players[reader], game)):
        assert "Everyone" in seen
        assert "Austria, England" not in seen
    email = press_emails(game, reader)[0]
    assert "Everyone" in email and "Austria, England" not in email


@pytest.mark.django_db
def test_a_list_of_some_still_names_them() -> None:
    table = make_table()
    game = press_game(table, press_mode="grey")
    send(game, table, "GERMANY", ["ENGLAND", "FRANCE"], "Just you two", ANONYMOUS)
    assert "England, France" in press_json(table.players["ENGLAND"], game)


def game_with_an_empty_seat(suffix: str) -> tuple[Game, Table]:
    """Italy never had a player: press cannot go to it."""
    table = make_table(suffix)
    table.players.pop("ITALY")
    return press_game(table, press_mode="grey"), table


@pytest.mark.django_db
def test_with_an_empty_seat_every_seated_power_but_one_is_everyone() -> None:
    """Two games that differ only in who sent the message to every other
    seated power: the reader's page, JSON and email are the same bytes."""
    seen = []
    for suffix, sender in (("a", "GERMANY"), ("b", "RUSSIA")):
        game, table = game_with_an_empty_seat(suffix)
        seated = [power for power in table.players if power != sender]
        send(game, table, sender, seated, "Who am I?", ANONYMOUS)
        reader = table.players["ENGLAND"]
        email = press_emails(game, "ENGLAND")[0]
        page = press_page(reader, game).replace(reader.username, "READER")
        seen.append((page, press_json(reader, game), email))
        assert "Everyone" in email
    assert seen[0] == seen[1]
