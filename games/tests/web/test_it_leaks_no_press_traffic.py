"""Non-interference: what France receives does not change when two other
powers talk. Two games with the same players differ only in England and
Germany exchanging messages; France's press page, JSON, emails and outbox are
the same to the byte, before and after Italy writes to France."""

from __future__ import annotations

import pytest

from games.models import Game
from games.tests.web.press_game import (
    Table,
    make_table,
    press_emails,
    press_game,
    press_json,
    press_page,
    send,
)
from postoffice.models import OutboxMessage

pytestmark = pytest.mark.django_db


def what_france_receives(table: Table, game: Game) -> tuple[str, str, list[str]]:
    france = table.players["FRANCE"]
    return press_page(france, game), press_json(france, game), press_emails(game, "FRANCE")


# Germany signs as the mode lets it: its own name, anonymously, or as France.
GERMAN_SIGNATURE = {"white": "GERMANY", "grey": "ANONYMOUS", "black": "FRANCE"}


def england_and_germany_talk(table: Table, game: Game) -> None:
    signature = GERMAN_SIGNATURE[game.press_mode]
    send(game, table, "ENGLAND", ["GERMANY"], "The Channel stays empty.")
    send(game, table, "GERMANY", ["ENGLAND", "RUSSIA"], "Agreed.", signature)
    send(game, table, "GERMANY", ["ENGLAND"], "And Belgium?", signature)


@pytest.mark.parametrize("press_mode", ["white", "grey", "black"])
def test_it_gives_france_the_same_bytes_whatever_others_say(press_mode: str) -> None:
    table = make_table()
    quiet, busy = press_game(table, press_mode), press_game(table, press_mode)
    assert what_france_receives(table, quiet) == what_france_receives(table, busy)
    england_and_germany_talk(table, busy)
    assert what_france_receives(table, quiet) == what_france_receives(table, busy)
    for game in (quiet, busy):
        send(game, table, "ITALY", ["FRANCE"], "Shall we share the Mediterranean?")
    quiet_view, busy_view = what_france_receives(table, quiet), what_france_receives(table, busy)
    assert "Shall we share the Mediterranean?" in quiet_view[0]
    assert quiet_view == busy_view
    assert len(quiet_view[2]) == 1


def test_it_queues_no_email_for_france_when_others_talk() -> None:
    table = make_table()
    game = press_game(table, "black")
    england_and_germany_talk(table, game)
    rows = OutboxMessage.objects.filter(game=game, kind="press")
    assert sorted(rows.values_list("power", flat=True)) == [
        "ENGLAND",
        "ENGLAND",
        "GERMANY",
        "RUSSIA",
    ]
