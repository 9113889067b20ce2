"""The live order check: each typed line read against the map and the
player's own units only, never against hidden facts (ruling 2, docs/rulings.md)."""

from __future__ import annotations

import json
from html import unescape

from django.urls import reverse

from games.models import Game, OrderSheet
from games.tests.web.conftest import Personas


def check(people: Personas, game: Game, text: str) -> list[dict]:
    url = reverse("game_orders_check", args=[game.pk])
    body = json.dumps({"text": text})
    response = people.client("player").post(url, body, content_type="application/json")
    assert response.status_code == 200
    return response.json()["lines"]


def test_it_reads_a_good_line(people: Personas, game: Game) -> None:
    [line] = check(people, game, "a par - bur")
    assert line == {"text": "a par - bur", "ok": True, "order": "A PAR - BUR", "error": ""}


def test_it_fills_in_the_unit_type(people: Personas, game: Game) -> None:
    [line] = check(people, game, "Paris to Picardy")
    assert line["order"] == "A PAR - PIC"


def test_it_names_the_word_it_could_not_read(people: Personas, game: Game) -> None:
    [line] = check(people, game, "A Par - Narnia")
    assert not line["ok"]
    assert line["error"].startswith('could not read "Narnia"')


def test_it_refuses_a_unit_that_is_not_the_players(people: Personas, game: Game) -> None:
    [line] = check(people, game, "A Mun - Bur")
    assert line["error"] == 'could not use "Mun": you have no unit there'


def test_it_accepts_a_support_of_a_foreign_unit(people: Personas, fog_game: Game) -> None:
    [line] = check(people, fog_game, "A Par S A Mun - Bur")
    assert line["ok"]


def test_it_accepts_orders_about_provinces_out_of_sight(people: Personas, fog_game: Game) -> None:
    [line] = check(people, fog_game, "F Bre S F Lon - Eng")
    assert line["ok"]


def test_it_refuses_an_order_of_another_phase(people: Personas, game: Game) -> None:
    [line] = check(people, game, "A Par R Bur")
    assert "not an order for this phase" in line["error"]


def test_it_checks_each_line(people: Personas, game: Game) -> None:
    lines = check(people, game, "A Par - Bur\n\nF Bre - Xyz\n")
    assert [line["ok"] for line in lines] == [True, False]


def test_it_reads_form_posts_too(people: Personas, game: Game) -> None:
    url = reverse("game_orders_check", args=[game.pk])
    response = people.client("player").post(url, {"text": "A Mar - Spa"})
    assert response.json()["lines"][0]["ok"]


def test_the_check_and_the_save_give_the_same_verdict(people: Personas, game: Game) -> None:
    text = "F Bre - Mos\nA Par - Bur\nA Mar H\nA Par - Pic\nF Bre S A Mar - Spa"
    checked = [(line["text"], line["error"]) for line in check(people, game, text)]
    saved = people.client("player").post(reverse("game_orders", args=[game.pk]), {"typed": text})
    page = unescape(saved.content.decode())
    assert saved.status_code == 400
    assert [error for _, error in checked] == [
        "a fleet cannot move inland to Moscow",
        'two orders for the unit in Paris: "A Par - Bur" and "A Par - Pic"; keep one',
        "",
        'two orders for the unit in Paris: "A Par - Bur" and "A Par - Pic"; keep one',
        "Brest does not border Spain",
    ]
    for text, error in checked:
        if error:
            assert f"<code>{text}</code> ✗ {error}" in page
    assert not OrderSheet.objects.filter(power="FRANCE").exists()
