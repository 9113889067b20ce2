"""The game page's kept pieces (games/views/pieces.py): the record, the
map's ordering controls and the order form, kept under the game, the
power, the phase and a digest of the power's own record and sheet. Two
powers never share a piece, a kept piece draws the page a fresh one would,
and a saved sheet or a refused form is never answered from an old piece."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.urls import reverse

from games.models import Game
from games.tests.web.conftest import Personas, open_phase

ORDERS_FORM = "games/_orders_form.html"
RECORD = "games/_record.html"


def page(people: Personas, game: Game, who: str = "player") -> str:
    return people.client(who).get(reverse("game", args=[game.pk])).content.decode()


def kept_pieces() -> dict[str, str]:
    """Every kept piece by its key, as the page stored it."""
    pieces = caches["pieces"]
    keys = [key.split(":", 2)[2] for key in pieces._cache]  # type: ignore[attr-defined]
    return {key: pieces.get(key) for key in keys}


def pieces_of(name: str, power: str) -> list[str]:
    kept = kept_pieces().items()
    return [piece for key, piece in kept if key.startswith(f"{name}:") and f":{power}:" in key]


def without_csrf(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def test_it_keeps_a_piece_for_each_power_apart(people: Personas, fog_game: Game) -> None:
    french_page, german_page = page(people, fog_game), page(people, fog_game, "other")
    (french,), (german,) = pieces_of(RECORD, "FRANCE"), pieces_of(RECORD, "GERMANY")
    assert french != german  # their records differ: each sees only its own neighbourhood
    assert "F BRE" in french and "F BRE" not in german
    assert "F KIE" in german and "F KIE" not in french
    assert french in french_page and french not in german_page
    (french_form,) = pieces_of(ORDERS_FORM, "FRANCE")
    (german_form,) = pieces_of(ORDERS_FORM, "GERMANY")
    assert french_form != german_form


def test_it_draws_the_same_page_from_a_kept_piece(people: Personas, fog_game: Game) -> None:
    drawn = page(people, fog_game)
    assert kept_pieces(), "the first view keeps its pieces"
    assert without_csrf(page(people, fog_game)) == without_csrf(drawn)


def test_it_puts_this_pages_csrf_field_in_a_kept_form(people: Personas, fog_game: Game) -> None:
    page(people, fog_game)
    html = page(people, fog_game)
    assert "fogdip:csrf" not in html
    form = html[html.index('id="orders-form"') :]
    assert 'name="csrfmiddlewaretoken"' in form[: form.index("</form>")]


def test_it_draws_the_form_afresh_once_the_sheet_is_saved(people: Personas, fog_game: Game) -> None:
    before = page(people, fog_game)
    assert '<option value="A PAR - BUR" selected>' not in before
    phase = open_phase(fog_game)
    sent = {"typed": "A Par - Bur", "phase": phase.name}
    people.client("player").post(reverse("game_orders", args=[fog_game.pk]), sent)
    after = page(people, fog_game)
    assert '<option value="A PAR - BUR" selected>' in after
    assert len(pieces_of(ORDERS_FORM, "FRANCE")) == 2


def test_it_never_keeps_a_refused_form(people: Personas, fog_game: Game) -> None:
    phase = open_phase(fog_game)
    sent = {"typed": "A Par - Moscow", "phase": phase.name}
    refused = people.client("player").post(reverse("game_orders", args=[fog_game.pk]), sent)
    assert refused.status_code == 400
    assert not pieces_of(ORDERS_FORM, "FRANCE")
    assert "A Par - Moscow" not in page(people, fog_game)


@pytest.mark.parametrize(("who", "answer"), [("observer", 200), ("gm", 302)])
def test_it_keeps_nothing_for_anyone_but_a_player(
    people: Personas, game: Game, who: str, answer: int
) -> None:
    assert people.client(who).get(reverse("game", args=[game.pk])).status_code == answer
    assert not kept_pieces()
