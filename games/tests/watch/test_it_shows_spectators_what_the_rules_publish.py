"""A spectator sees the observer's record and, said in words, what the game's
rule set tells everyone of the supply centres: every owner in a standard game,
the anonymous totals each Winter under Saari's fog, and nothing under the other
fog rules (docs/rules/*.md)."""

from __future__ import annotations

from html import unescape

from django.urls import reverse

from games import actions
from games.models import Game
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start


def watched(people: Personas, preset: str, **fields: object) -> Game:
    game = forming_game(people, preset=preset, **fields)
    start(game, people)
    actions.set_spectators_allowed(game, people.gm, True)
    return game


def shown(people: Personas, game: Game, who: str = "stranger") -> str:
    html = people.client(who).get(reverse("game", args=[game.pk])).content.decode()
    return unescape(html)


def public_note(html: str) -> str:
    start = html.index('id="public-centres"')
    return " ".join(html[start : html.index("</p>", start)].split())


def test_a_standard_game_shows_every_centres_owner(people: Personas) -> None:
    html = shown(people, watched(people, "standard"))
    assert "What an observer sees" in html
    assert "Every centre's owner is public" in public_note(html)
    assert "3: BRE, MAR, PAR" in html


def test_a_fog_game_that_publishes_no_counts_says_so(people: Personas) -> None:
    html = shown(people, watched(people, "dc2005"))
    assert "publishes no supply-centre counts" in public_note(html)
    assert "3: BRE, MAR, PAR" not in html and "None known." in html


def test_saaris_fog_shows_the_winters_totals(people: Personas) -> None:
    game = watched(people, "saari1898", start_year=1898)
    assert "None told yet." in public_note(shown(people, game))
    while open_phase(game).name != "S1899M":
        pass_deadline(open_phase(game))
        sweep_deadlines()
    note = public_note(shown(people, game))
    assert "Centre totals after winter 1898 adjustments: 1, 1, 1, 1, 1, 1, 1" in note


def test_a_player_is_not_shown_the_spectators_note(people: Personas) -> None:
    game = watched(people, "dc2005")
    assert 'id="public-centres"' not in shown(people, game, "player")
