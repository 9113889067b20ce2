"""Creating a game, joining it by link or invitation, handing out powers."""

from __future__ import annotations

from html import unescape

from django.contrib.auth import get_user_model
from django.urls import reverse

from games import actions
from games.models import Game, Invitation, Seat
from games.tests.web.conftest import Personas, client_for, forming_game

GOOD = {
    "name": "Fog over Flanders",
    "preset": "dc2005",
    "start_year": "1901",
    "movement": "2d",
    "retreat": "12h",
    "adjustment": "90m",
    "time_zone": "Europe/Berlin",
    "press_mode": "none",
}


def test_it_creates_a_game(people: Personas) -> None:
    response = people.client("gm").post(reverse("game_create"), GOOD)
    game = Game.objects.get(name="Fog over Flanders")
    assert response.status_code == 302
    assert (game.movement_minutes, game.retreat_minutes, game.adjustment_minutes) == (
        2880,
        720,
        90,
    )
    assert game.game_master == people.gm and game.status == Game.Status.FORMING
    assert game.log.filter(action="create").exists()


def test_it_keeps_what_was_typed_and_names_the_problem(people: Personas) -> None:
    response = people.client("gm").post(reverse("game_create"), {**GOOD, "movement": "forever"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'value="forever"' in html and 'value="Fog over Flanders"' in html
    assert 'Could not read "forever"' in unescape(html)
    assert not Game.objects.exists()


def test_it_always_starts_saari_in_1898(people: Personas) -> None:
    people.client("gm").post(reverse("game_create"), {**GOOD, "preset": "saari1898"})
    assert Game.objects.get().start_year == 1898


def test_it_joins_by_link_with_wishes(people: Personas) -> None:
    game = actions.create_game(people.gm, name="G", preset="standard", start_year=1901)
    url = reverse("join", args=[game.join_token])
    assert people.client("player").get(url).status_code == 200
    people.client("player").post(url, {"first": "ITALY", "second": "FRANCE"})
    assert game.seats.get(user=people.player).preference_list() == ["ITALY", "FRANCE"]


def test_it_refuses_to_seat_a_player_twice(people: Personas) -> None:
    game = forming_game(people)
    url = reverse("join", args=[game.join_token])
    response = people.client("player").post(url, {})
    assert "already joined" in response.content.decode()
    assert game.seats.filter(user=people.player).count() == 1


def test_it_refuses_to_seat_the_game_master(people: Personas) -> None:
    game = forming_game(people)
    response = people.client("gm").post(reverse("join", args=[game.join_token]), {})
    assert "cannot also play" in response.content.decode()


def test_it_invites_by_email_and_accepts(people: Personas) -> None:
    game = forming_game(people)
    invited = {"email": "Stranger@example.com"}
    people.client("gm").post(reverse("console_invite", args=[game.pk]), invited)
    invitation = Invitation.objects.get(email="Stranger@example.com")
    assert game.log.filter(action="invite", detail="Stranger@example.com").exists()
    people.client("stranger").post(reverse("invitation", args=[invitation.token]), {})
    invitation.refresh_from_db()
    assert invitation.accepted is not None and invitation.accepted_by == people.stranger


def test_an_invitation_seats_only_the_invited_address(people: Personas) -> None:
    game = forming_game(people)
    invitation = actions.invite(game, people.gm, "stranger@example.com")
    page = people.client("observer").post(reverse("invitation", args=[invitation.token]), {})
    assert "This invitation is not for this account" in page.content.decode()
    assert not game.seats.filter(user=people.observer).exists()
    invitation.refresh_from_db()
    assert invitation.accepted is None


def test_an_invitation_is_used_once(people: Personas) -> None:
    game = forming_game(people)
    invitation = actions.invite(game, people.gm, "stranger@example.com")
    people.client("stranger").post(reverse("invitation", args=[invitation.token]), {})
    again = people.client("stranger").post(reverse("invitation", args=[invitation.token]), {})
    assert "already been used" in again.content.decode()


def test_it_assigns_distinct_powers_at_random(people: Personas) -> None:
    game = forming_game(people)
    people.client("gm").post(reverse("console_assign", args=[game.pk]), {"method": "random"})
    powers = list(game.seats.values_list("power", flat=True))
    assert len(set(powers)) == 2 and all(powers)


def test_it_assigns_by_preference(people: Personas) -> None:
    game = forming_game(people)
    assert set(game.seats.values_list("user__username", "power")) == {
        ("france", "FRANCE"),
        ("germany", "GERMANY"),
    }


def test_it_will_not_start_before_powers_are_assigned(people: Personas) -> None:
    game = actions.create_game(people.gm, name="G", preset="standard", start_year=1901)
    actions.join(game, people.player)
    response = people.client("gm").post(reverse("console_start", args=[game.pk]), follow=True)
    assert "Assign a power to every player" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING


def test_it_lets_1898_players_choose_their_first_unit(people: Personas) -> None:
    game = forming_game(people, preset="saari1898", start_year=1898)
    url = reverse("game_setup_choice", args=[game.pk])
    people.client("player").post(url, {"choice": "F"})
    assert game.seats.get(power="FRANCE").setup_choice == "F"
    actions.start_game(game, people.gm)
    record = game.records.get(power="FRANCE", ordinal=0).data
    assert record["units"]["FRANCE"] == ["F BRE"]


def test_it_shows_the_forming_game_to_its_players(people: Personas) -> None:
    game = forming_game(people)
    html = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    assert "Waiting for the game master to start" in html
    assert game.seats.filter(status=Seat.Status.ACTIVE).count() == 2


def test_the_game_master_s_copy_of_the_game_shows_it_started(people: Personas) -> None:
    """Actions lock and read afresh the very Game they are given (lock_game)."""
    game = forming_game(people)
    actions.start_game(game, people.gm)
    assert game.status == Game.Status.ACTIVE and game.started is not None


def test_an_unconfirmed_account_joins_by_link_only_once_confirmed(people: Personas) -> None:
    game = forming_game(people)
    newcomer = get_user_model().objects.create_user("newcomer", "newcomer@example.com", "x" * 12)
    client = client_for(newcomer)
    url = reverse("join", args=[game.join_token])
    assert "Confirm your email address before joining" in client.get(url).content.decode()
    refused = client.post(url, {}).content.decode()
    assert "Confirm your email address before joining" in refused
    assert not game.seats.filter(user=newcomer).exists()


def test_a_joined_player_is_told_so_while_the_game_forms(people: Personas) -> None:
    game = actions.create_game(people.gm, name="G", preset="standard", start_year=1901)
    actions.join(game, people.player, ["FRANCE"])
    page = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    assert "you have joined" in page
    assert "you are observing" not in page
