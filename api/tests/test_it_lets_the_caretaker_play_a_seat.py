"""The game master gives an empty seat, or one in civil disorder, to the caretaker;
the periodic pass then orders for it through the API, from its record alone."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api.caretaking import run_caretakers
from api.models import ApiToken
from caretaker import client as caretaker_client
from games import access, actions
from games.actions import ActionError
from games.models import Game, LogEntry, OpenSeat, OrderSheet, Seat
from games.seats.models import CaretakerSeat
from games.tests.web.conftest import client_for, forming_game
from postoffice.models import OutboxMessage


def notices(game):
    told = OutboxMessage.objects.filter(game=game, kind="notice")
    return sorted(told.values_list("power", flat=True))


def sheet(game, power):
    return OrderSheet.objects.filter(phase__game=game, power=power).first()


def test_it_plays_an_empty_seat_from_its_record(people, fog_game):
    cared = actions.care_for_seat(fog_game, people.gm, "ITALY")
    assert LogEntry.objects.filter(game=fog_game, action="caretaker", detail="ITALY").exists()
    assert run_caretakers() == [cared.pk]
    italy = sheet(fog_game, "ITALY")
    assert len(italy.parsed) == 3 and italy.ready
    assert not ApiToken.objects.exists(), "the pass's token is gone with the pass"


def test_its_pass_neither_makes_nor_reads_a_token_row(people, fog_game):
    """A token row would take the next id of a counter every token owner
    sees: a player could count the passes, and spot a silent takeover."""
    actions.care_for_seat(fog_game, people.gm, "ITALY")
    with CaptureQueriesContext(connection) as asked:
        assert run_caretakers()
    assert sheet(fog_game, "ITALY").ready
    touched = [query["sql"] for query in asked if ApiToken._meta.db_table in query["sql"]]
    assert touched == []


def test_it_orders_once_a_phase(people, fog_game):
    actions.care_for_seat(fog_game, people.gm, "ITALY")
    run_caretakers()
    assert run_caretakers() == []


def test_its_only_input_is_its_seats_record(people, fog_game, monkeypatch):
    planned = []
    real_plan = caretaker_client.plan

    def watched(record, phase, earlier=()):
        planned.append((record, earlier))
        return real_plan(record, phase, earlier=earlier)

    monkeypatch.setattr(caretaker_client, "plan", watched)
    cared = actions.care_for_seat(fog_game, people.gm, "ITALY")
    run_caretakers()
    viewer = access.access_game(cared.seat.user, fog_game.pk)
    assert viewer.power == "ITALY"
    past = [access.access_history_at(viewer, r.ordinal) for r in access.access_history(viewer)]
    assert planned == [(access.access_current_record(viewer), past[:-1][-4:])]


def test_every_player_is_told_of_an_empty_seat(people, fog_game):
    actions.care_for_seat(fog_game, people.gm, "ITALY")
    assert notices(fog_game) == ["FRANCE", "GERMANY"]


def test_it_takes_an_open_seat_out_of_the_lobby(people, fog_game):
    actions.open_seat(fog_game, people.gm, "GERMANY")
    actions.care_for_seat(fog_game, people.gm, "GERMANY")
    assert not OpenSeat.objects.filter(game=fog_game, taken__isnull=True).exists()
    assert notices(fog_game) == ["FRANCE"]


def civil_disorder(game, power):
    """As the adjudication marks a seated power that gave no orders."""
    seats = Seat.objects.filter(game=game, power=power, status=Seat.Status.ACTIVE)
    seats.update(status=Seat.Status.CIVIL_DISORDER)


def test_in_a_fog_game_civil_disorder_stays_the_game_masters_secret(people, fog_game):
    civil_disorder(fog_game, "GERMANY")
    actions.care_for_seat(fog_game, people.gm, "GERMANY")
    assert notices(fog_game) == []
    farewell = OutboxMessage.objects.get(game=fog_game, kind="farewell")
    assert farewell.user == people.other


def test_in_a_standard_game_civil_disorder_is_public_and_so_is_the_caretaker(people, game):
    civil_disorder(game, "GERMANY")
    actions.care_for_seat(game, people.gm, "GERMANY")
    assert notices(game) == ["FRANCE"]


def test_it_refuses_a_seat_whose_player_orders(people, fog_game):
    with pytest.raises(ActionError, match="has a player giving orders"):
        actions.care_for_seat(fog_game, people.gm, "GERMANY")
    assert not CaretakerSeat.objects.exists()


def test_a_player_may_not_call_the_caretaker(people, fog_game):
    with pytest.raises(ActionError):
        actions.care_for_seat(fog_game, people.player, "ITALY")


def test_it_stops_when_the_power_goes_to_a_person(people, fog_game):
    cared = actions.care_for_seat(fog_game, people.gm, "ITALY")
    actions.replace_player(fog_game, people.gm, cared.seat, people.stranger)
    assert run_caretakers() == []


def test_the_game_master_starts_a_game_alone_against_caretakers(people):
    game = actions.create_game(people.gm, name="Practice", preset="diplomyopia", start_year=1901)
    phase = actions.start_with_caretakers(game, people.gm)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and phase.name == "S1901M"
    assert CaretakerSeat.objects.filter(game=game).count() == 7
    assert len(run_caretakers()) == 7
    assert OrderSheet.objects.filter(phase=phase).count() == 7


def test_caretakers_fill_only_the_seats_nobody_joined_for(people):
    game = forming_game(people, preset="dc2005")
    actions.start_with_caretakers(game, people.gm)
    cared = CaretakerSeat.objects.filter(game=game).values_list("seat__power", flat=True)
    assert "FRANCE" not in cared and len(cared) == 5
    assert notices(game) == ["FRANCE", "GERMANY"]


def test_the_console_gives_a_seat_to_the_caretaker(people, fog_game):
    answer = client_for(people.gm).post(
        f"/games/{fog_game.pk}/console/caretaker/", {"power": "ITALY"}
    )
    assert answer.status_code == 302
    assert CaretakerSeat.objects.get(game=fog_game).seat.power == "ITALY"


def test_the_api_gives_a_seat_to_the_caretaker(people, fog_game):
    from api.tests.conftest import api_for

    answer = api_for(people.gm).post(f"/games/{fog_game.pk}/console/caretaker", {"power": "italy"})
    assert answer.status_code == 200, answer.content
    refused = api_for(people.gm).post(
        f"/games/{fog_game.pk}/console/caretaker", {"power": "GERMANY"}
    )
    assert refused.status_code == 409 and "Germany" in refused.json()["detail"]


def test_the_beat_task_runs_the_pass(people, fog_game):
    from api.tasks import care_for_seats

    cared = actions.care_for_seat(fog_game, people.gm, "ITALY")
    assert care_for_seats() == [cared.pk]
    assert sheet(fog_game, "ITALY") is not None


@pytest.mark.parametrize("preset", ["dc2005", "reynolds1989", "diplomyopia", "saari1898"])
def test_a_newcomer_practises_a_fog_rule_set_against_caretakers(people, preset):
    answer = client_for(people.player).post(
        "/games/practice/", {"preset": preset, "power": "AUSTRIA"}
    )
    assert answer.status_code == 302, answer.content
    game = Game.objects.get(seats__user=people.player)
    assert (game.preset, game.status, game.in_lobby) == (preset, Game.Status.ACTIVE, False)
    assert game.seats.get(user=people.player).power == "AUSTRIA"
    assert len(run_caretakers()) == 6
    assert OrderSheet.objects.filter(phase__game=game).count() == 6


def test_the_practice_form_names_an_unknown_power(people):
    answer = client_for(people.player).post(
        "/games/practice/", {"preset": "dc2005", "power": "ATLANTIS"}
    )
    assert answer.status_code == 200
    assert "Select a valid choice" in answer.content.decode()
    assert not Game.objects.exists()


def test_a_fallen_power_it_plays_still_says_ready_in_a_fog_game(people, fog_game):
    """The early end of a fog phase waits for every seat, an eliminated one's
    too: were the caretaker to fall silent when its power is out, phases would
    stop ending early, and every player would learn that some power is out."""
    from games.actions.orders import everyone_ready

    cared = actions.care_for_seat(fog_game, people.gm, "ITALY")
    Seat.objects.filter(pk=cared.seat.pk).update(status=Seat.Status.ELIMINATED)
    phase = fog_game.phases.get(status="open")
    for person, power in ((people.player, "FRANCE"), (people.other, "GERMANY")):
        actions.set_ready(phase, person, power, True)
    assert run_caretakers() == [cared.pk]
    assert sheet(fog_game, "ITALY").ready
    assert everyone_ready(phase)
