"""GET MAP <phase> sends the power's own map of that phase, not the latest."""

from __future__ import annotations

from games import access, actions
from games.emails.pictures import map_png
from games.tests.replies.conftest import answers_to, send
from postoffice.mime import named_files

SENDER = "england@example.org"


def map_attached(message) -> bytes | None:
    return named_files(message).get("map.png")


def adjudicate(game, ordinal: int) -> None:
    phase = game.phases.get(ordinal=ordinal)
    assert actions.claim_phase_now(phase)
    actions.adjudicate_phase(phase.pk)


def test_it_sends_the_map_of_the_phase_named(game, england, game_and_players):
    adjudicate(game, 1)
    adjudicate(game, 2)
    answers_to(SENDER)
    send("GET MAP Spring 1901 movement", SENDER, england)
    [answer] = answers_to(SENDER)
    assert "Your map of Spring 1901 movement is attached." in answer.body
    viewer = access.access_game(game_and_players[2]["ENGLAND"], game.pk)
    spring = next(r.data for r in access.access_records(viewer) if r.data["phase"] == "S1901M")
    latest = access.access_current_record(viewer)
    assert latest is not None and latest["phase"] != "S1901M"
    assert map_attached(answer) == map_png(spring, game.name)


def test_it_says_when_it_has_no_map_of_that_phase(game, england):
    answers_to(SENDER)
    send("GET MAP F1950M", SENDER, england)
    [answer] = answers_to(SENDER)
    assert "NOT DONE: No map of" in answer.body
    assert map_attached(answer) is None
