"""The replay page: the true board beside a chosen power's view, phase by
phase, with every power's orders and results; after the end only."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game, KnowledgeRecord
from games.tests.watch.finished import finished_game
from games.tests.web.conftest import Personas


def replay(people: Personas, who: str, game: Game, query: str = "") -> tuple[int, str]:
    response = people.client(who).get(reverse("game_replay", args=[game.pk]) + query)
    return response.status_code, response.content.decode()


def spring_step(game: Game) -> int:
    return KnowledgeRecord.objects.get(game=game, power="", phase__name="S1901M").ordinal


def test_it_shows_the_last_phase_by_default(people: Personas) -> None:
    game = finished_game(people)
    status, html = replay(people, "player", game)
    last = KnowledgeRecord.objects.filter(game=game, power="").last()
    assert status == 200 and last is not None
    assert f"/games/{game.pk}/map/{last.ordinal}.png?power=ALL" in html
    assert "A Par B (success)" in html or "Build A Par" in html


def test_it_opens_on_the_viewers_own_power(people: Personas) -> None:
    """A player's own power first; the game master, who has none, the first power."""
    game = finished_game(people)
    last = KnowledgeRecord.objects.filter(game=game, power="").last()
    assert last is not None
    _, html = replay(people, "player", game)
    assert f"/games/{game.pk}/map/{last.ordinal}.png?power=FRANCE" in html
    assert f"/games/{game.pk}/map/{last.ordinal}.png?power=AUSTRIA" not in html
    _, html = replay(people, "gm", game)
    assert f"/games/{game.pk}/map/{last.ordinal}.png?power=AUSTRIA" in html


def test_it_shows_every_powers_orders_and_results(people: Personas) -> None:
    game = finished_game(people)
    status, html = replay(people, "player", game, f"?phase={spring_step(game)}&power=TURKEY")
    assert status == 200
    assert "A Par - Bur (success)" in html and "F Ank - Bla (success)" in html
    assert "What Turkey knew" in html
    assert f"/games/{game.pk}/map/{spring_step(game)}.png?power=TURKEY" in html


def test_it_offers_every_phase_and_power(people: Personas) -> None:
    game = finished_game(people)
    _, html = replay(people, "other", game)
    for label in ("Opening position", "Spring 1901 movement", "Fall 1901 movement"):
        assert label in html
    assert html.count('<option value="') == game.records.filter(power="").count() + 7


def test_it_lets_every_member_and_spectator_see_another_powers_map(people: Personas) -> None:
    game = finished_game(people, spectators_allowed=True)
    url = reverse("game_map", args=[game.pk, spring_step(game)]) + "?power=TURKEY"
    for who in ("player", "other", "stranger", "gm"):
        response = people.client(who).get(url)
        assert (who, response.status_code) == (who, 200)


def test_it_refuses_a_phase_or_power_there_is_not(people: Personas) -> None:
    game = finished_game(people)
    assert replay(people, "player", game, "?phase=99")[0] == 404
    assert replay(people, "player", game, "?phase=x")[0] == 404
    assert replay(people, "player", game, "?power=ATLANTIS")[0] == 404


def test_it_shows_the_replay_to_spectators_where_allowed(people: Personas) -> None:
    assert replay(people, "stranger", finished_game(people, spectators_allowed=True))[0] == 200
    assert replay(people, "stranger", finished_game(people))[0] == 404


def test_it_keeps_the_replay_from_everyone_but_the_game_master_when_disallowed(
    people: Personas,
) -> None:
    game = finished_game(people, spectators_allowed=True)
    actions.set_unfog_when_finished(game, people.gm, False)
    assert [replay(people, who, game)[0] for who in ("player", "stranger", "gm")] == [
        404,
        404,
        200,
    ]


def test_it_says_so_when_nothing_was_played(people: Personas) -> None:
    game = actions.create_game(people.gm, name="Never started", preset="dc2005", start_year=1901)
    actions.end_game(game, people.gm)
    status, html = replay(people, "gm", game)
    assert status == 200 and "No phase was played" in html


def test_it_links_the_replay_from_the_game_page_once_open(people: Personas) -> None:
    game = finished_game(people)
    link = f'href="/games/{game.pk}/replay/"'.encode()
    assert link in people.client("player").get(reverse("game", args=[game.pk])).content
    assert link in people.client("gm").get(reverse("console", args=[game.pk])).content
    actions.set_unfog_when_finished(game, people.gm, False)
    assert link not in people.client("player").get(reverse("game", args=[game.pk])).content
