"""Orders and ready through the API: the same checks and answers as the web."""

from api.tests.conftest import api_for
from games.models import OrderSheet


def test_it_saves_orders_for_the_phase_named(people, fog_game):
    api = api_for(people.player)
    body = {"phase": "S1901M", "orders": ["A Par - Bur", "F Bre - Mao"]}
    answer = api.post(f"/games/{fog_game.pk}/orders", body)
    assert answer.status_code == 200, answer.content
    sheet = OrderSheet.objects.get(phase__game=fog_game, power="FRANCE")
    assert len(sheet.parsed) == 2


def test_it_refuses_a_phase_that_has_moved_on(people, fog_game):
    answer = api_for(people.player).post(
        f"/games/{fog_game.pk}/orders", {"phase": "F1901M", "orders": ["A Par H"]}
    )
    assert answer.status_code == 409
    assert "moved on" in answer.json()["detail"]
    assert not OrderSheet.objects.filter(phase__game=fog_game, power="FRANCE").exists()


def test_it_names_the_line_it_could_not_read(people, fog_game):
    answer = api_for(people.player).post(
        f"/games/{fog_game.pk}/orders", {"phase": "S1901M", "orders": ["A Par - Munchen"]}
    )
    assert answer.status_code == 400
    [line] = answer.json()["lines"]
    assert not line["ok"] and "Munchen" in line["error"]


def test_a_read_token_may_not_order(people, fog_game):
    answer = api_for(people.player, scope="read").post(
        f"/games/{fog_game.pk}/orders", {"phase": "S1901M", "orders": ["A Par H"]}
    )
    assert answer.status_code == 403


def test_the_game_master_has_no_power_to_order(people, fog_game):
    answer = api_for(people.gm).post(
        f"/games/{fog_game.pk}/orders", {"phase": "S1901M", "orders": ["A Par H"]}
    )
    assert answer.status_code == 403


def test_it_marks_me_ready(people, fog_game):
    answer = api_for(people.player).post(f"/games/{fog_game.pk}/ready", {"phase": "S1901M"})
    assert answer.json() == {"phase": "S1901M", "ready": True}
    assert OrderSheet.objects.get(phase__game=fog_game, power="FRANCE").ready


def test_it_checks_lines_against_my_own_units(people, fog_game):
    answer = api_for(people.player).post(f"/games/{fog_game.pk}/check", {"text": "A Mun H"})
    [line] = answer.json()
    assert not line["ok"]
