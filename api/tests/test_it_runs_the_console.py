"""The game master's console actions through the API: the same actions, logged the same way."""

from api.tests.conftest import api_for
from games.models import Game, LogEntry, OrderSheet, Phase


def console(people, game, action, body=None):
    return api_for(people.gm).post(f"/games/{game.pk}/console/{action}", body or {})


def test_it_enters_orders_for_a_power_and_logs_them(people, fog_game):
    body = {"power": "FRANCE", "phase": "S1901M", "orders": ["A Par - Bur"]}
    answer = console(people, fog_game, "orders", body)
    assert answer.status_code == 200, answer.content
    assert OrderSheet.objects.get(phase__game=fog_game, power="FRANCE").parsed
    assert LogEntry.objects.filter(game=fog_game, action="orders for power").exists()


def test_it_names_the_line_it_could_not_read_for_the_power(people, fog_game):
    body = {"power": "FRANCE", "phase": "S1901M", "orders": ["A Par - Munchen"]}
    answer = console(people, fog_game, "orders", body)
    assert answer.status_code == 400
    assert "Munchen" in answer.json()["lines"][0]["error"]


def test_it_names_a_power_that_is_not_in_the_game(people, fog_game):
    body = {"power": "Atlantis", "phase": "S1901M", "orders": []}
    answer = console(people, fog_game, "orders", body)
    assert answer.status_code == 400
    assert "Atlantis" in answer.json()["detail"]


def test_it_pauses_and_resumes(people, fog_game):
    assert console(people, fog_game, "pause").status_code == 200
    fog_game.refresh_from_db()
    assert fog_game.status == Game.Status.PAUSED
    assert console(people, fog_game, "pause").status_code == 409
    assert console(people, fog_game, "resume").status_code == 200


def test_it_processes_only_the_phase_named(people, fog_game):
    stale = console(people, fog_game, "process", {"phase": "F1901M"})
    assert stale.status_code == 409
    answer = console(people, fog_game, "process", {"phase": "S1901M"})
    assert answer.status_code == 200, answer.content
    phase = Phase.objects.get(game=fog_game, name="S1901M")
    assert phase.status != Phase.Status.OPEN


def test_it_names_a_bad_extension(people, fog_game):
    answer = console(people, fog_game, "extend", {"minutes": -5})
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"][-1] == "minutes"


def test_the_log_is_the_game_masters(people, fog_game):
    console(people, fog_game, "pause")
    log = api_for(people.gm, scope="read").get(f"/games/{fog_game.pk}/console/log").json()
    assert "pause" in [line["action"] for line in log]
    assert api_for(people.player).get(f"/games/{fog_game.pk}/console/log").status_code == 403
