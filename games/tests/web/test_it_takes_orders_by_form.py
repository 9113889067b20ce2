"""The order form: a menu per own unit, typed lines, kept input on errors,
and no changes once the deadline has passed."""

from __future__ import annotations

import re
from html import unescape

from django.urls import reverse

from games import actions
from games.models import Game, OrderSheet
from games.tests.web.conftest import Personas, open_phase, pass_deadline


def page(people: Personas, game: Game) -> str:
    return people.client("player").get(reverse("game", args=[game.pk])).content.decode()


def post(people: Personas, game: Game, data: dict):
    return people.client("player").post(reverse("game_orders", args=[game.pk]), data)


def test_it_offers_one_menu_per_own_unit(people: Personas, game: Game) -> None:
    html = page(people, game)
    assert html.count('name="row_') == 3
    assert "Army in Paris" in html and "Move to Burgundy" in html
    assert "Army in Munich" not in html


def test_it_saves_a_choice_from_a_menu(people: Personas, game: Game) -> None:
    response = post(people, game, {"row_0": "A MAR - SPA", "typed": ""})
    assert response.status_code == 302
    assert OrderSheet.objects.get(power="FRANCE").parsed == ["A MAR - SPA"]


def test_it_lets_typed_lines_win(people: Personas, game: Game) -> None:
    post(people, game, {"row_0": "A MAR - SPA", "typed": "A Mar - Pie"})
    assert OrderSheet.objects.get(power="FRANCE").parsed == ["A MAR - PIE"]


def test_it_keeps_what_was_typed_and_names_the_problem(people: Personas, game: Game) -> None:
    response = post(people, game, {"row_0": "A MAR - SPA", "typed": "A Par - Bxr"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "A Par - Bxr</textarea>" in html
    assert 'could not read "Bxr"' in unescape(html)
    assert '<option value="A MAR - SPA" selected>' in html
    assert not OrderSheet.objects.filter(power="FRANCE").exists()


def test_it_shows_saved_orders_in_the_menus(people: Personas, game: Game) -> None:
    post(people, game, {"typed": "A Par - Bur\nF Bre S A Par - Pic\nA Mar - Tun"})
    html = page(people, game)
    assert '<option value="A PAR - BUR" selected>' in html
    assert '<option value="F BRE S A PAR - PIC" selected>' in html
    assert "A MAR - TUN</textarea>" in html  # a convoyed move: typed, not in a menu


def test_it_lets_orders_change_until_the_deadline(people: Personas, game: Game) -> None:
    post(people, game, {"typed": "A Par - Bur"})
    post(people, game, {"typed": "A Par - Pic"})
    assert OrderSheet.objects.get(power="FRANCE").parsed == ["A PAR - PIC"]


def test_it_refuses_orders_after_the_deadline(people: Personas, game: Game) -> None:
    pass_deadline(open_phase(game))
    response = post(people, game, {"typed": "A Par - Bur"})
    assert response.status_code == 302
    assert not OrderSheet.objects.filter(power="FRANCE").exists()


def test_it_refuses_orders_while_paused(people: Personas, game: Game) -> None:
    actions.pause_game(game, people.gm)
    post(people, game, {"typed": "A Par - Bur"})
    assert not OrderSheet.objects.filter(power="FRANCE").exists()


def test_it_offers_builds_in_winter(people: Personas, game: Game) -> None:
    from games.tests.web.test_it_plays_a_whole_game import play_until_winter

    play_until_winter(people, game)
    html = page(people, game)
    assert "Build 1" in html and "Build army in Paris" in html and "Waive this build" in html


def test_it_offers_supports_in_the_menus_and_saves_one(people: Personas, game: Game) -> None:
    html = page(people, game)
    assert "Support Paris into Picardy" in html and "Support Brest to hold" in html
    brest = re.search(r'<select name="(row_\d)"[^>]*>(?:(?!</select>).)*F BRE S A PAR - PIC', html)
    assert brest is not None
    response = post(people, game, {brest.group(1): "F BRE S A PAR - PIC", "typed": ""})
    assert response.status_code == 302
    assert OrderSheet.objects.get(power="FRANCE").parsed == ["F BRE S A PAR - PIC"]
