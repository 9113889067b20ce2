"""Open seats through the web: the game master opens one, a player leaves, a
newcomer takes one from the lobby; who is told what, by email (the outbox)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from games import actions
from games.models import Game, OpenSeat, Seat
from games.tests.web.conftest import Personas, make_user, open_phase
from postoffice.mime import named_files
from postoffice.models import OutboxMessage
from postoffice.tasks import sweep_outbox

Kind = OutboxMessage.Kind


def post(people: Personas, who: str, name: str, game: Game, data: dict[str, Any]) -> str:
    response = people.client(who).post(reverse(name, args=[game.pk]), data, follow=True)
    return response.content.decode()


def mail_of(game: Game, kind: str, user: Any) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(game=game, kind=kind, user=user))


def power_of(game: Game, user: Any) -> str:
    seat = game.seat_of(user)
    return seat.power if seat else ""


def is_open(game: Game, power: str) -> bool:
    return game.open_seats.filter(power=power, taken__isnull=True).exists()


def test_the_game_master_opens_a_seat_and_its_player_is_told(people: Personas, game: Game) -> None:
    html = post(people, "gm", "console_open_seat", game, {"power": "GERMANY"})
    assert "The seat of Germany is open" in html
    assert is_open(game, "GERMANY")
    assert game.seat_of(people.other) is None  # now an observer
    farewell = mail_of(game, Kind.FAREWELL, people.other)[-1]  # the fixture replaced them once
    assert farewell.context == {"how": "opened", "left_power": "Germany"}
    assert game.log.filter(action="open seat", actor=people.gm).exists()


def test_a_player_leaves_from_the_game_page(people: Personas, game: Game) -> None:
    html = post(people, "other", "game_leave", game, {})
    assert "Tick the box to confirm" in html
    assert not is_open(game, "GERMANY")
    html = post(people, "other", "game_leave", game, {"confirm": "on"})
    assert "You have left Test game" in html
    assert is_open(game, "GERMANY")
    assert game.seat_of(people.other) is None
    assert set(game.seats.filter(user=people.other).values_list("status", flat=True)) == {
        Seat.Status.REPLACED
    }
    farewell = mail_of(game, Kind.FAREWELL, people.other)[-1]
    assert farewell.context["how"] == "left"


def test_the_game_master_cannot_leave(people: Personas, game: Game) -> None:
    html = post(people, "gm", "game_leave", game, {"confirm": "on"})
    assert "You do not play a power in this game" in html


def test_a_newcomer_takes_the_seat_from_the_lobby(people: Personas, game: Game) -> None:
    actions.open_seat(game, people.gm, "GERMANY")
    lobby = people.client("stranger").get(reverse("lobby")).content.decode()
    assert "Test game" in lobby and "Take Germany" in lobby
    before = open_phase(game).deadline
    html = post(people, "stranger", "lobby_take", game, {"power": "GERMANY"})
    assert "You now play Germany" in html
    assert power_of(game, people.stranger) == "GERMANY"
    assert not is_open(game, "GERMANY")
    assert open_phase(game).deadline == before + timedelta(hours=24)
    (catch_up,) = mail_of(game, Kind.CATCH_UP, people.stranger)
    assert catch_up.power == "GERMANY"
    extended = OutboxMessage.objects.filter(game=game, kind=Kind.DEADLINE)
    assert sorted(extended.values_list("power", flat=True)) == ["FRANCE", "GERMANY"]
    assert {row.context["cause"] for row in extended} == {"newcomer"}
    assert "Test game" not in people.client("stranger").get(reverse("lobby")).content.decode()


def test_the_deadline_extends_once_a_phase(people: Personas, game: Game) -> None:
    actions.open_seat(game, people.gm, "GERMANY")
    actions.open_seat(game, people.gm, "ITALY")
    before = open_phase(game).deadline
    actions.take_seat(game, people.stranger, "GERMANY")
    actions.take_seat(game, make_user("newcomer"), "ITALY")
    assert open_phase(game).deadline == before + timedelta(hours=24)
    assert game.log.filter(action="newcomer extension").count() == 1


def test_the_extension_is_the_games_own(people: Personas, game: Game) -> None:
    post(
        people,
        "gm",
        "console_seat_rules",
        game,
        {"in_lobby": "on", "open_seat_after": "0", "newcomer_extension": "0"},
    )
    game.refresh_from_db()
    assert game.newcomer_extension_minutes == 0
    actions.open_seat(game, people.gm, "GERMANY")
    before = open_phase(game).deadline
    actions.take_seat(game, people.stranger, "GERMANY")
    assert open_phase(game).deadline == before
    assert not OutboxMessage.objects.filter(game=game, kind=Kind.DEADLINE).exists()


def test_it_refuses_who_may_not_take_a_seat(people: Personas, game: Game) -> None:
    actions.open_seat(game, people.gm, "GERMANY")
    for who, reason in (
        ("player", "already has a part in this game"),
        ("other", "already has a part in this game"),  # who left cannot come back
        ("gm", "already has a part in this game"),
    ):
        html = post(people, who, "lobby_take", game, {"power": "GERMANY"})
        assert reason in html, who
    unconfirmed = get_user_model().objects.create_user("new", "new@example.com", "pw-long-enough")
    client = people.client("anonymous")
    client.force_login(unconfirmed)
    url = reverse("lobby_take", args=[game.pk])
    html = client.post(url, {"power": "GERMANY"}, follow=True).content.decode()
    assert "Confirm your email address" in html
    html = post(people, "stranger", "lobby_take", game, {"power": "ITALY"})
    assert "The seat of Italy is not open" in html
    assert is_open(game, "GERMANY")


def test_a_game_out_of_the_lobby_takes_players_from_its_master_only(
    people: Personas, game: Game
) -> None:
    Game.objects.filter(pk=game.pk).update(in_lobby=False)
    actions.open_seat(game, people.gm, "GERMANY")
    assert "Test game" not in people.client("stranger").get(reverse("lobby")).content.decode()
    response = people.client("stranger").post(
        reverse("lobby_take", args=[game.pk]), {"power": "GERMANY"}
    )
    assert response.status_code == 404
    html = post(
        people,
        "gm",
        "console_replace",
        game,
        {"power": "GERMANY", "username": "stranger", "confirm": "on"},
    )
    assert "Germany has a new player" in html
    assert power_of(game, people.stranger) == "GERMANY"
    assert mail_of(game, Kind.CATCH_UP, people.stranger)
    assert OpenSeat.objects.get(game=game, power="GERMANY").taken_by == people.stranger


def test_a_replacement_sends_the_catch_up_and_tells_who_was_replaced(
    people: Personas, game: Game
) -> None:
    post(
        people,
        "gm",
        "console_replace",
        game,
        {"power": "FRANCE", "username": "stranger", "confirm": "on"},
    )
    (catch_up,) = mail_of(game, Kind.CATCH_UP, people.stranger)
    assert catch_up.power == "FRANCE"
    (farewell,) = mail_of(game, Kind.FAREWELL, people.player)
    assert farewell.context["how"] == "replaced"


def test_the_catch_up_email_goes_out_with_the_map(people: Personas, game: Game) -> None:
    actions.open_seat(game, people.gm, "GERMANY")
    actions.take_seat(game, people.stranger, "GERMANY")
    mail.outbox = []
    sweep_outbox()
    to_stranger = [m for m in mail.outbox if m.to == ["stranger@example.com"]]
    (sent,) = [m for m in to_stranger if "here is what it knows" in m.subject]
    assert "Everything Germany has learned so far" in sent.body
    assert "== Opening position ==" in sent.body
    assert "map.png" in named_files(sent)
    html = sent.alternatives[0][0]  # type: ignore[attr-defined]
    assert 'src="cid:map"' in html
    gone = [m for m in mail.outbox if "opened the seat of Germany" in m.body]
    assert [m.to for m in gone] == [["germany@example.com"]]
    assert "you no longer play Germany" in gone[0].subject
