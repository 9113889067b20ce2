"""The newcomer's extra time is announced to every player alike: in a fog
game without saying why; in a paused game the time left grows instead."""

from __future__ import annotations

from datetime import timedelta

from games import actions
from games.mail.compose import render_parts
from games.mail.content import build_draft
from games.mail.models import OutboxMessage
from games.models import Game
from tests.web.conftest import Personas, forming_game, open_phase, start


def announcements(game: Game) -> dict[str, str]:
    rows = OutboxMessage.objects.filter(game=game, kind=OutboxMessage.Kind.EXTENSION)
    return {row.power: render_parts(build_draft(row))[1] for row in rows}


def newcomer_takes_italy(people: Personas, preset: str) -> Game:
    game = forming_game(people, preset=preset)
    start(game, people)
    actions.open_seat(game, people.gm, "ITALY")
    actions.take_seat(game, people.stranger, "ITALY")
    return game


def test_a_fog_game_says_only_that_the_deadline_moved(people: Personas) -> None:
    texts = announcements(newcomer_takes_italy(people, "dc2005"))
    assert sorted(texts) == ["FRANCE", "GERMANY", "ITALY"]
    for text in texts.values():
        assert "the deadline of Spring 1901 movement was extended by 24 hours." in text
        assert "Italy" not in text and "new player" not in text


def test_a_standard_game_says_why(people: Personas) -> None:
    texts = announcements(newcomer_takes_italy(people, "standard"))
    assert "extended by 24 hours (Italy has a new player)." in texts["FRANCE"]


def test_a_paused_game_keeps_more_time_for_when_it_resumes(people: Personas) -> None:
    game = forming_game(people)
    start(game, people)
    actions.pause_game(game, people.gm)
    left = open_phase(game).paused_remaining
    assert left is not None
    actions.open_seat(game, people.gm, "ITALY")
    actions.take_seat(game, people.stranger, "ITALY")
    assert open_phase(game).paused_remaining == left + timedelta(hours=24)
    assert "time left when it resumes is that much longer" in announcements(game)["FRANCE"]
