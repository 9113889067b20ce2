"""In a fog game every retreat and adjustment phase is held; a power with
nothing to order is told so at the top of the page, with the ready switch
right there. The new-game form suggests short retreat and adjustment phases."""

from __future__ import annotations

from html import unescape

from django.urls import reverse

from games.actions.processing import adjudicate_phase, claim_phase_now
from games.models import Game
from games.tests.web.conftest import Personas, open_phase


def quiet_retreats(game: Game) -> None:
    phase = open_phase(game)
    assert claim_phase_now(phase)
    adjudicate_phase(phase.pk)
    assert open_phase(game).name == "S1901R"


def banner(people: Personas, game: Game) -> str:
    html = unescape(people.client("player").get(reverse("game", args=[game.pk])).content.decode())
    start = html.index('id="nothing-to-order"')
    return html[start : html.index("</section>", start)]


def test_it_shows_the_banner_with_the_ready_switch(people: Personas, fog_game: Game) -> None:
    quiet_retreats(fog_game)
    shown = banner(people, fog_game)
    assert "Nothing for you to order — click “I'm ready”" in shown
    assert f'action="/games/{fog_game.pk}/ready/"' in shown
    assert '<button type="submit">I\'m ready</button>' in shown


def test_the_banner_leads_the_page(people: Personas, fog_game: Game) -> None:
    quiet_retreats(fog_game)
    html = people.client("player").get(reverse("game", args=[fog_game.pk])).content.decode()
    assert html.index('id="nothing-to-order"') < html.index('class="play-grid"')
    assert html.count('class="ready-switch"') == 1  # not a second switch in the phase bar


def test_the_banner_says_when_the_power_is_ready(people: Personas, fog_game: Game) -> None:
    quiet_retreats(fog_game)
    phase = open_phase(fog_game)
    url = reverse("game_ready", args=[fog_game.pk])
    people.client("player").post(url, {"ready": "on", "phase": phase.name})
    assert "✓ You are ready" in banner(people, fog_game)


def test_no_banner_when_there_is_something_to_order(people: Personas, fog_game: Game) -> None:
    html = people.client("player").get(reverse("game", args=[fog_game.pk])).content.decode()
    assert 'id="nothing-to-order"' not in html
    assert html.count('class="ready-switch"') == 1


def test_the_new_game_form_suggests_short_retreats_and_adjustments(people: Personas) -> None:
    html = unescape(people.client("gm").get(reverse("game_create")).content.decode())
    assert 'name="movement" value="48h"' in html
    assert 'name="retreat" value="12h"' in html
    assert 'name="adjustment" value="12h"' in html
    assert "every retreat and adjustment phase is held" in html
