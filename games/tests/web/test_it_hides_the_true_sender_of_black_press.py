"""Black press: no byte a recipient receives tells who truly sent a message.

Two games with the same players differ only in who wrote the message England
receives, signed Austria: France in one, Germany in the other. England's
press page, its JSON and its email are the same to the byte; the game master
sees the true sender.
"""

from __future__ import annotations

import re

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

pytestmark = pytest.mark.django_db
ARTICLE = re.compile(r"<article.*?</article>", re.S)


def england_receives(table: Table, true_sender: str) -> Game:
    game = press_game(table, "black")
    send(game, table, true_sender, ["ENGLAND"], "Let us take Belgium together.", "AUSTRIA")
    return game


def test_it_gives_england_the_same_bytes_whoever_wrote_it() -> None:
    table = make_table()
    england = table.players["ENGLAND"]
    by_france = england_receives(table, "FRANCE")
    by_germany = england_receives(table, "GERMANY")
    assert "Let us take Belgium together." in press_page(england, by_france)
    assert press_page(england, by_france) == press_page(england, by_germany)
    assert press_json(england, by_france) == press_json(england, by_germany)
    assert press_emails(by_france, "ENGLAND") == press_emails(by_germany, "ENGLAND")


def test_it_names_only_the_claimed_sender() -> None:
    table = make_table()
    game = england_receives(table, "FRANCE")
    england = table.players["ENGLAND"]
    (article,) = ARTICLE.findall(press_page(england, game))
    for received in (article, press_json(england, game), press_emails(game, "ENGLAND")[0]):
        assert "Austria" in received
        assert "france" not in received.lower()


def test_it_shows_the_sender_their_own_message_as_theirs() -> None:
    table = make_table()
    game = england_receives(table, "FRANCE")
    (article,) = ARTICLE.findall(press_page(table.players["FRANCE"], game))
    assert '<strong>You</strong> <span class="muted">signed</span> Austria' in article


def test_it_shows_the_game_master_the_true_sender() -> None:
    table = make_table()
    game = england_receives(table, "FRANCE")
    (article,) = ARTICLE.findall(press_page(table.gm, game))
    assert '<strong>France (france)</strong> <span class="muted">signed</span> Austria' in article
