"""Anonymous press to every other power, named one by one, read "To: Austria,
England, France, Italy, Russia, Turkey": the one power missing was the sender.
Such a list reads "Everyone", like a broadcast, on the page, in press.json and
in the email; a reader cannot tell which power left itself out."""

from __future__ import annotations

import pytest

from games.press.models import ANONYMOUS
from games.tests.web.press_game import (
    POWERS,
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
