"""The game page leads with the season's results: in a fog game, where every
phase is held, the movement results (with their map and arrows) stay on top
through the quiet retreat phase after them; the phase bar says "now" and
whether there is anything to order; under the 1989 rules a report's title
says it covers the whole season."""

from __future__ import annotations

from dataclasses import replace
from html import unescape

from django.urls import reverse

from adjudication.record import parse_record
from games import actions
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.models import Game
from games.tests.web.conftest import Personas, forming_game, open_phase, start
from games.views.results import report_title


def adjudicate(game: Game) -> None:
    phase = open_phase(game)
    assert claim_phase_now(phase)
    adjudicate_phase(phase.pk)


def page(people: Personas, game: Game) -> str:
    html = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    return unescape(html)


def test_it_says_there_is_nothing_to_order_in_a_quiet_retreat_phase(
    people: Personas, fog_game: Game
) -> None:
    adjudicate(fog_game)
    assert open_phase(fog_game).name == "S1901R"
    html = page(people, fog_game)
    assert "Spring 1901 retreats, nothing for you to order" in html
    assert "Nothing for you to order — click “I'm ready”" in html


def test_it_keeps_the_movement_results_on_top_after_quiet_retreats(
    people: Personas, fog_game: Game
) -> None:
    adjudicate(fog_game)
    adjudicate(fog_game)
    spring = fog_game.phases.get(name="S1901M")
    assert open_phase(fog_game).name == "F1901M"
    html = page(people, fog_game)
    results = html[html.index('id="results"') :]
    assert results.index("Report on spring 1901 movement") < results.index("</section>")
    assert (
        f"/games/{fog_game.pk}/map/{spring.ordinal}.png" in results[: results.index("</section>")]
    )
    assert "Then spring 1901 retreats: nothing to report." in html
    assert "Report on spring 1901 retreats" not in html


def test_it_leads_with_the_current_report_when_it_says_something(
    people: Personas, fog_game: Game
) -> None:
    adjudicate(fog_game)
    html = page(people, fog_game)
    assert 'id="results"' not in html
    assert "Report on spring 1901 movement" in html


def test_a_1989_report_says_it_covers_the_season(people: Personas) -> None:
    game = forming_game(people, preset="reynolds1989")
    start(game, people)
    adjudicate(game)
    html = page(people, game)
    record = game.records.filter(power="FRANCE").order_by("-ordinal").first()
    assert record is not None
    title = report_title("reynolds1989", record.data["phase"])
    assert "movement" in title and "retreats" in title
    assert title in html


def test_report_titles() -> None:
    assert report_title("dc2005", "S1901M") == "Report on spring 1901 movement"
    assert report_title("dc2005", "S1901R") == "Report on spring 1901 retreats"
    assert report_title("reynolds1989", "S1901R") == "Report on spring 1901: movement and retreats"
    assert (
        report_title("reynolds1989", "W1901A")
        == "Report on fall 1901: movement, retreats and adjustments"
    )


def test_a_retreat_in_sight_never_hides_the_movement_results(
    people: Personas, fog_game: Game, monkeypatch
) -> None:
    """A retreat report with something in it used to take the top of the page,
    and France's own results were only under History."""
    adjudicate(fog_game)
    adjudicate(fog_game)
    seen = {
        row.data["phase"]: (row.ordinal, parse_record(row.data))
        for row in fog_game.records.filter(power="FRANCE")
    }
    ordinal, retreats = seen["S1901R"]
    in_sight = replace(retreats, lines=("Germany: A BUR R RUH",))
    monkeypatch.setattr(
        "games.access.access_recent_knowledge",
        lambda viewer, count: [(ordinal, in_sight), seen["S1901M"]][:count],
    )
    html = page(people, fog_game)
    results = html[
        html.index('id="results"') : html.index("</section>", html.index('id="results"'))
    ]
    movement = results.index("Report on spring 1901 movement")
    retreat = results.index("Then: Report on spring 1901 retreats")
    assert movement < retreat < results.index("Germany: A BUR R RUH")
    assert html.count("Germany: A BUR R RUH") == 1


def test_a_finished_game_shows_no_phase_or_deadline(people: Personas, game: Game) -> None:
    actions.end_game(game, people.gm)
    html = page(people, game)
    assert 'id="now"' not in html and "Deadline" not in html
    assert "The game is over" in html
