"""GET .../orders: my saved sheet for the open phase, and the POST echoes it."""

from api.tests.conftest import api_for
from games import actions


def test_it_answers_an_empty_sheet_with_what_is_owed(people, fog_game):
    answer = api_for(people.player, scope="read").get(f"/games/{fog_game.pk}/orders")
    assert answer.status_code == 200, answer.content
    sheet = answer.json()
    assert (sheet["phase"], sheet["kind"], sheet["saved"], sheet["ready"]) == (
        "S1901M",
        "M",
        False,
        False,
    )
    assert sheet["orders"] == [] and sheet["updated"] is None
    assert sorted(sheet["owed"]["units"]) == ["A MAR", "A PAR", "F BRE"]
    assert sheet["owed"]["builds"] == sheet["owed"]["removals"] == 0


def test_the_post_echoes_what_the_get_reads_back(people, fog_game):
    api = api_for(people.player)
    body = {"phase": "S1901M", "orders": ["a par to bur", "Brest -> Mid-Atlantic Ocean"]}
    posted = api.post(f"/games/{fog_game.pk}/orders", body).json()
    assert posted["orders"] == ["A PAR - BUR", "F BRE - MAO"]
    assert posted["saved"] and posted["updated"]
    api.post(f"/games/{fog_game.pk}/ready", {"phase": "S1901M"})
    read = api.get(f"/games/{fog_game.pk}/orders").json()
    assert read["ready"] is True
    assert {key: read[key] for key in posted if key not in ("ready", "lines")} == {
        key: posted[key] for key in posted if key not in ("ready", "lines")
    }


def test_it_reads_back_the_ready_flag_alone(people, fog_game):
    phase = fog_game.phases.get()
    actions.set_ready(phase, people.player, "FRANCE", True)
    read = api_for(people.player).get(f"/games/{fog_game.pk}/orders").json()
    assert read["ready"] is True and read["saved"] is False


def test_the_game_master_has_no_sheet(people, fog_game):
    answer = api_for(people.gm).get(f"/games/{fog_game.pk}/orders")
    assert answer.status_code == 403


def test_a_finished_game_has_no_open_sheet(people, fog_game):
    actions.end_game(fog_game, people.gm, "Drawn")
    answer = api_for(people.player).get(f"/games/{fog_game.pk}/orders")
    assert answer.status_code == 404
