"""A board edit belongs to the phase open when it is made: it never rewrites
what a power saw of the phases before. The history list, each past phase's
page and its map are the same bytes after the edit as before; the game page
(the current record) shows the edit."""

from __future__ import annotations

import re

from django.urls import reverse

from games.access import access_game, access_record_of_phase
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.models import Game
from games.replies import judge
from games.tests.web.conftest import Personas, open_phase
from postoffice.inbound.commands import Command

CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def played_spring(game: Game) -> None:
    phase = open_phase(game)
    assert claim_phase_now(phase)
    adjudicate_phase(phase.pk)
    assert open_phase(game).name == "F1901M"


def history_bytes(people: Personas, game: Game, who: str, query: str = "") -> dict[str, bytes]:
    """Every history page and past map the viewer may open (the form token aside)."""
    client = people.client(who)
    urls = [reverse("game_history", args=[game.pk])]
    for ordinal in game.records.values_list("ordinal", flat=True).distinct():
        urls.append(reverse("game_history_phase", args=[game.pk, ordinal]))
        urls.append(reverse("game_map", args=[game.pk, ordinal]))
    pages = {}
    for url in urls:
        response = client.get(url + query)
        assert response.status_code == 200, url
        pages[url] = CSRF.sub(b"", response.content)
    return pages


def edit(people: Personas, game: Game) -> None:
    url = reverse("console_board", args=[game.pk])
    response = people.client("gm").post(url, {"action": "move", "place": "Paris", "to": "Gascony"})
    assert response.status_code == 302


def test_a_players_history_is_the_same_bytes_after_an_edit(people: Personas, game: Game) -> None:
    played_spring(game)
    before = history_bytes(people, game, "player")
    edit(people, game)
    assert history_bytes(people, game, "player") == before
    page = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    assert "A GAS" in page and "The game master changed the board." in page


def test_the_game_masters_history_is_the_same_after_an_edit(people: Personas, game: Game) -> None:
    played_spring(game)
    before = history_bytes(people, game, "gm", "?power=ALL")
    edit(people, game)
    assert history_bytes(people, game, "gm", "?power=ALL") == before


def test_the_next_phase_starts_from_the_edited_board(people: Personas, game: Game) -> None:
    played_spring(game)
    edit(people, game)
    played_fall = open_phase(game)
    assert claim_phase_now(played_fall)
    adjudicate_phase(played_fall.pk)
    latest = game.records.filter(power="FRANCE").order_by("-ordinal", "-revision").first()
    assert latest is not None
    assert "A GAS" in latest.data["units"]["FRANCE"]


def test_the_history_by_email_is_the_same_after_an_edit(people: Personas, game: Game) -> None:
    played_spring(game)
    viewer = access_game(people.player, game.pk)
    asked = Command("HISTORY", "HISTORY")
    before = judge.history(viewer, open_phase(game), asked)
    spring_map = access_record_of_phase(viewer, "S1901M")
    edit(people, game)
    assert judge.history(viewer, open_phase(game), asked) == before
    assert access_record_of_phase(viewer, "S1901M") == spring_map


def test_the_api_reads_past_records_as_the_history_does(people: Personas, game: Game) -> None:
    from api.tests.conftest import api_for

    played_spring(game)
    api = api_for(people.player, scope="read")
    latest = api.get(f"/games/{game.pk}/records").json()[-1]["ordinal"]
    before = api.get(f"/games/{game.pk}/records/{latest}").json()
    edit(people, game)  # a new revision of that record, the current one
    assert api.get(f"/games/{game.pk}/records/{latest}").json() == before
    assert "A GAS" in str(api.get(f"/games/{game.pk}/record").json())
