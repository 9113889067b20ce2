"""Every action names who acts and checks the seat: a player acts only for the
power they play; the game master enters a power's orders only through their
own action, which the game log records."""

from __future__ import annotations

import pytest

from games import actions
from games.actions import ActionError
from games.actions.mail import retry_failed_messages
from games.models import Game, OrderSheet
from games.tests.web.conftest import Personas, forming_game, open_phase
from postoffice.actions import email_settings_of, save_email_settings
from postoffice.forms import EmailSettingsForm


def test_the_game_master_cannot_submit_a_powers_orders_as_its_player(
    people: Personas, game: Game
) -> None:
    with pytest.raises(ActionError, match="You do not play Germany"):
        actions.submit_orders(open_phase(game), people.gm, "GERMANY", ["A Mun - Bur"])
    assert not OrderSheet.objects.filter(power="GERMANY").exists()


def test_the_game_master_submits_a_powers_orders_through_a_logged_action(
    people: Personas, game: Game
) -> None:
    phase = open_phase(game)
    sheet = actions.submit_orders_for_power(phase, people.gm, "GERMANY", ["A Mun - Bur"])
    assert sheet.parsed == ["A MUN - BUR"]
    assert sheet.submitted_by == people.gm
    entry = game.log.get(action="orders for power")
    assert (entry.actor, entry.detail) == (people.gm, f"GERMANY in {phase.name}")


def test_a_player_cannot_use_the_game_masters_action(people: Personas, game: Game) -> None:
    with pytest.raises(ActionError, match="Only the game master"):
        actions.submit_orders_for_power(open_phase(game), people.player, "GERMANY", [])


def test_a_player_cannot_order_for_another_power(people: Personas, game: Game) -> None:
    with pytest.raises(ActionError, match="You do not play Germany"):
        actions.submit_orders(open_phase(game), people.player, "GERMANY", ["A Mun - Bur"])


def test_a_player_cannot_mark_another_power_ready(people: Personas, game: Game) -> None:
    with pytest.raises(ActionError, match="You do not play Germany"):
        actions.set_ready(open_phase(game), people.player, "GERMANY", True)
    assert not OrderSheet.objects.filter(power="GERMANY", ready=True).exists()


def test_a_replaced_player_can_no_longer_order(people: Personas, game: Game) -> None:
    with pytest.raises(ActionError, match="You do not play Germany"):
        actions.submit_orders(open_phase(game), people.observer, "GERMANY", ["A Mun H"])


def test_only_the_seats_player_picks_its_first_unit(people: Personas) -> None:
    game = forming_game(people, start_year=1898)
    seat = game.seats.get(power="FRANCE")
    with pytest.raises(ActionError, match="Only the player in this seat"):
        actions.set_setup_choice(seat, people.other, "F")
    assert actions.set_setup_choice(seat, people.player, "f").setup_choice == "F"


def test_only_the_game_master_retries_a_games_failed_email(people: Personas, game: Game) -> None:
    with pytest.raises(ActionError, match="Only the game master"):
        retry_failed_messages(game, people.player)
    assert retry_failed_messages(game, people.gm) == 0


def test_only_their_owner_saves_email_settings(people: Personas) -> None:
    form = EmailSettingsForm({"reminder_hours": 6}, instance=email_settings_of(people.player))
    assert form.is_valid(), form.errors
    with pytest.raises(ActionError, match="not your email settings"):
        save_email_settings(people.other, form)
    assert save_email_settings(people.player, form).reminder_hours == 6
