"""The caretaker as an API client: it reads its seat's record through the API, and
nothing else, and sends orders naming the phase, as any program would."""

import json

from django.test import Client

from api.tokens import create_api_token
from caretaker import client as caretaker_client
from caretaker.__main__ import main
from caretaker.client import Caretaker
from games import access
from games.models import OrderSheet
from tests.command_lines import run


def django_transport(secret):
    """The client's requests, answered in-process by the site's own URL configuration."""
    browser = Client()
    headers = {"Authorization": f"Bearer {secret}"}

    def send(method, path, body):
        url = f"/api/v1{path}"
        if method == "GET":
            answer = browser.get(url, headers=headers)
        else:
            answer = browser.post(url, body, content_type="application/json", headers=headers)
        return answer.status_code, answer.content

    return send


def seat_token(people, game):
    return create_api_token(people.player, "caretaker", "play", game).secret


def test_its_only_input_is_the_bytes_of_its_seats_record(people, fog_game, monkeypatch):
    planned = []
    real_plan = caretaker_client.plan

    def watched(record, phase, earlier=()):
        planned.append((record, phase, earlier))
        return real_plan(record, phase, earlier=earlier)

    monkeypatch.setattr(caretaker_client, "plan", watched)
    secret = seat_token(people, fog_game)
    caretaker = Caretaker(django_transport(secret), fog_game.pk)
    caretaker.play_once()
    served = django_transport(secret)("GET", f"/games/{fog_game.pk}/record", None)[1]
    assert caretaker.read[-1] == served
    [(record, phase, earlier)] = planned
    assert record == json.loads(served)
    viewer = access.access_game(people.player, fog_game.pk)
    assert record == access.access_current_record(viewer)
    assert phase == "S1901M"
    assert earlier == [], "before the first phase there is no earlier record"
    detail = json.loads(caretaker.read[0])
    assert set(detail) >= {"powers", "press_mode", "phase"}


def test_it_orders_every_unit_of_its_seat(people, fog_game):
    caretaker = Caretaker(django_transport(seat_token(people, fog_game)), fog_game.pk)
    assert "3 order(s) sent for S1901M" in caretaker.play_once()
    sheet = OrderSheet.objects.get(phase__game=fog_game, power="FRANCE")
    assert len(sheet.parsed) == 3


def test_a_second_pass_sends_the_same_orders(people, fog_game):
    caretaker = Caretaker(django_transport(seat_token(people, fog_game)), fog_game.pk)
    caretaker.play_once()
    first = OrderSheet.objects.get(phase__game=fog_game, power="FRANCE").parsed
    caretaker.play_once()
    assert OrderSheet.objects.get(phase__game=fog_game, power="FRANCE").parsed == first


def test_it_does_nothing_when_no_phase_is_open(people, fog_game):
    from games import actions

    actions.end_game(fog_game, people.gm)
    caretaker = Caretaker(django_transport(seat_token(people, fog_game)), fog_game.pk)
    assert caretaker.play_once() == "No phase is open: nothing to do."
    assert len(caretaker.read) == 1


def test_the_command_plays_over_http(people, fog_game, live_server, capsys):
    secret = seat_token(people, fog_game)
    code = main(["--server", live_server.url, "--token", secret, "--game", str(fog_game.pk)])
    assert code == 0, capsys.readouterr().err
    assert OrderSheet.objects.filter(phase__game=fog_game, power="FRANCE").exists()


def test_the_command_says_why_it_was_refused(people, fog_game, live_server, capsys):
    secret = create_api_token(people.player, "reader", "read").secret
    code = main(["--server", live_server.url, "--token", secret, "--game", str(fog_game.pk)])
    assert code == 1
    assert "403" in capsys.readouterr().err


def test_the_command_refuses_a_game_masters_token_in_one_line(people, fog_game, live_server):
    secret = create_api_token(people.gm, "caretaker", "play", fog_game).secret
    game = str(fog_game.pk)
    done = run("caretaker", "--server", live_server.url, "--token", secret, "--game", game)
    assert done.returncode == 1
    assert done.stdout == "" and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("python -m caretaker: error: ")
    assert f"game {fog_game.pk}: this token is a game master's, not a power's" in line
    assert not OrderSheet.objects.filter(phase__game=fog_game).exists()
