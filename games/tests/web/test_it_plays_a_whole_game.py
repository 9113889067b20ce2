"""One whole game per preset, driven through the web pages from creation to
the first Winter: the game master creates and starts it, players join by the
join link and order by form, and the deadline sweep adjudicates."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from games.models import Game, KnowledgeRecord, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, open_phase, pass_deadline

FIRST_ORDERS = {1901: "A Mar - Spa\nF Bre - Mao\nA Par - Bur", 1898: "A Bre - Pic"}
FALL_ORDERS = {1901: "F Mao - Por", 1898: "A Pic - Bel"}


def create_and_start(people: Personas, preset: str) -> Game:
    gm = people.client("gm")
    form = {
        "name": f"A {preset} game",
        "preset": preset,
        "start_year": "1901",
        "movement": "48h",
        "retreat": "1d",
        "adjustment": "12h",
        "time_zone": "Europe/Paris",
        "press_mode": "white",
    }
    response = gm.post(reverse("game_create"), form)
    game = Game.objects.get(name=f"A {preset} game")
    assert response["Location"] == reverse("console", args=[game.pk])
    join = reverse("join", args=[game.join_token])
    people.client("player").post(join, {"first": "FRANCE"})
    people.client("other").post(join, {"first": "GERMANY"})
    gm.post(reverse("console_assign", args=[game.pk]), {"method": "preference"})
    gm.post(reverse("console_start", args=[game.pk]))
    game.refresh_from_db()
    return game


def order(people: Personas, game: Game, text: str) -> None:
    response = people.client("player").post(reverse("game_orders", args=[game.pk]), {"typed": text})
    assert response.status_code == 302, response.content.decode()[:2000]


def play_until_winter(people: Personas, game: Game) -> list[str]:
    """Play until a Winter phase opens (or, under 1989's two seasons, the next Spring)."""
    played: list[str] = []
    for _ in range(8):
        phase = open_phase(game)
        if phase.name.startswith("W") or (played and phase.name.startswith("S1902")):
            return played
        orders = {"S": FIRST_ORDERS, "F": FALL_ORDERS}[phase.name[0]] if phase.kind == "M" else {}
        if orders:
            order(people, game, orders[game.start_year])
        pass_deadline(phase)
        sweep_deadlines()
        played.append(phase.name)
    raise AssertionError(f"no Winter after {played}")


@pytest.mark.parametrize("preset", ["standard", "dc2005", "diplomyopia"])
def test_it_plays_to_the_first_winter(people: Personas, preset: str) -> None:
    game = create_and_start(people, preset)
    assert game.status == Game.Status.ACTIVE
    played = play_until_winter(people, game)
    assert played[0] == "S1901M"
    done = Phase.objects.filter(game=game, status=Phase.Status.DONE).values_list("name", flat=True)
    assert set(played) <= set(done)
    page = people.client("player").get(reverse("game", args=[game.pk]))
    assert page.status_code == 200
    assert "Your orders for winter 1901 adjustments" in page.content.decode()
    france = KnowledgeRecord.objects.filter(game=game, power="FRANCE").last()
    assert france is not None and "A SPA" in france.data["units"]["FRANCE"]


def test_it_plays_saari_from_1898(people: Personas) -> None:
    game = create_and_start(people, "saari1898")
    assert game.start_year == 1898
    played = play_until_winter(people, game)
    assert played == ["S1898M", "S1898R", "F1898M", "F1898R"]


def test_it_plays_out_empty_phases_in_standard_games(people: Personas) -> None:
    game = create_and_start(people, "standard")
    assert play_until_winter(people, game) == ["S1901M", "F1901M"]
    done = game.phases.filter(status=Phase.Status.DONE).order_by("ordinal")
    assert [phase.name for phase in done] == ["S1901M", "S1901R", "F1901M", "F1901R"]
    france = KnowledgeRecord.objects.filter(game=game, power="FRANCE").last()
    assert france is not None and france.data["phase"] == "F1901R"
    assert "SPA" in france.data["centers"]["FRANCE"]


def test_it_plays_reynolds_seasons_with_lists_sent_in_advance(people: Personas) -> None:
    game = create_and_start(people, "reynolds1989")
    url = reverse("game_orders", args=[game.pk])
    player = people.client("player")
    player.post(url, {"typed": FIRST_ORDERS[1901], "retreat_0": "Gas, Pic"})
    pass_deadline(open_phase(game))
    sweep_deadlines()
    fall = open_phase(game)
    assert fall.name == "F1901M"
    page = player.get(reverse("game", args=[game.pk])).content.decode()
    assert "Builds and removals, in order of priority" in page
    response = player.post(url, {"typed": FALL_ORDERS[1901], "adjustments": "A Par B\nF Mar B"})
    assert response.status_code == 302
    pass_deadline(fall)
    sweep_deadlines()
    assert open_phase(game).name == "S1902M"
    france = KnowledgeRecord.objects.filter(game=game, power="FRANCE").last()
    assert france is not None and "A PAR" in france.data["units"]["FRANCE"]


def test_it_names_a_bad_entry_in_an_advance_list(people: Personas) -> None:
    game = create_and_start(people, "reynolds1989")
    url = reverse("game_orders", args=[game.pk])
    response = people.client("player").post(url, {"typed": "", "retreat_0": "Narnia"})
    assert response.status_code == 400
    assert 'could not read "Narnia": not a province' in unescape(response.content.decode())
    assert 'value="Narnia"' in response.content.decode()
