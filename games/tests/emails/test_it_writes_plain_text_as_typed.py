"""A subject and a text body are plain text: a game named `<b>x</b> & co`
reads so there, not `&lt;b&gt;x&lt;/b&gt; &amp; co`; only the HTML body
escapes it, where it must not become markup. Every kind, one by one:
postoffice/tests/test_it_composes_messages.py."""

from __future__ import annotations

import pytest

from games import actions
from games.models import Game
from postoffice.tasks import sweep_outbox

NAME = "<b>x</b> & 'co'"


@pytest.fixture
def marked_up_game(started_game) -> Game:
    game, _, _ = started_game
    Game.objects.filter(pk=game.pk).update(name=NAME)
    game.refresh_from_db()
    return game


def html_of(message) -> str:
    [(html, _)] = [alt for alt in message.alternatives if alt[1] == "text/html"]
    return str(html)


def test_the_subject_and_the_text_read_as_typed(marked_up_game, mailoutbox):
    actions.end_game(marked_up_game, marked_up_game.game_master, "A draw <for all>")
    sweep_outbox()
    [ending, *_] = [m for m in mailoutbox if "A draw" in m.body]
    assert NAME in ending.subject
    assert NAME in ending.body and "A draw <for all>" in ending.body
    assert "&lt;" not in ending.subject + ending.body and "&amp;" not in ending.body
    html = html_of(ending)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
