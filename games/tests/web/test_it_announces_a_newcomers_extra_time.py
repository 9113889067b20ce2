"""The newcomer's extra time is announced to every player alike, as a
`deadline` email with its own wording: in a fog game without saying why; in a
paused game the time left grows instead. A later grace extension of the same
phase is its own email."""

from __future__ import annotations

from datetime import timedelta

from games import actions
from games.models import Game
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start
from postoffice.compose import render_parts
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of


def announcements(game: Game) -> dict[str, str]:
    rows = OutboxMessage.objects.filter(game=game, kind=OutboxMessage.Kind.DEADLINE)
    return {row.power: render_parts(draft_of(row))[1] for row in rows}


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


def test_a_grace_extension_of_the_same_phase_is_told_apart(people: Personas) -> None:
    game = newcomer_takes_italy(people, "standard")
    Game.objects.filter(pk=game.pk).update(grace_minutes=60, grace_extensions=1)
    pass_deadline(open_phase(game))
    sweep_deadlines()
    assert open_phase(game).extensions == 1
    rows = OutboxMessage.objects.filter(game=game, kind=OutboxMessage.Kind.DEADLINE, power="FRANCE")
    newcomer, grace = (render_parts(draft_of(row))[1] for row in rows.order_by("created", "id"))
    assert "extended by 24 hours (Italy has a new player)." in newcomer
    assert "The deadline of Test game (Spring 1901 movement) was extended." in grace
    assert "24 hours" not in grace and "new player" not in grace
