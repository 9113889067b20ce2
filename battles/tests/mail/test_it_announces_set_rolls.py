"""A roll the game master sets is announced when it is made (ruling B27): on that turn's
results for every side, in each side's roll list (its number and face, not what it
decided), and in the end email with what it decided."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from battles.actions.play import override_roll
from battles.models import Battle
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from battles.tests.mail.test_it_plays_a_whole_battle_by_email import ENEMY, play_to_the_end


def _first_turn_with_a_set_roll(cast: Cast, mailbox: Mailbox) -> tuple[Battle, int]:
    battle = set_up(cast, [knight("R1", "Red", "c3", hp=9), knight("B1", "Blue", "d3", hp=9)])
    mailbox.start(battle, cast.gm)
    battle.refresh_from_db()
    number = battle.dice_position  # the first attack's die, set before it is rolled
    override_roll(battle, cast.gm, number, 6)
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    player, token, enemy = ENEMY[turn.side]
    mailbox.reply(cast.user(player), "turn 1", f"{token} attack {enemy}")
    battle.refresh_from_db()
    return battle, number


def test_every_sides_results_mark_the_set_roll(cast: Cast, mailbox: Mailbox) -> None:
    _, number = _first_turn_with_a_set_roll(cast, mailbox)
    for person, said in ((cast.red, "a roll"), (cast.blue, "a roll"), (cast.gm, f"roll #{number}")):
        results = mailbox.last_to(person, "results for")
        assert f"{said} on turn 1: 6" in results.body, results.body
        assert f"{said} on turn 1: 6" in results.alternatives[0][0]
        assert person == cast.gm or f"#{number}" not in results.body  # the count stays hidden


def test_each_sides_roll_list_shows_the_set_roll_but_not_what_it_decided(
    cast: Cast, mailbox: Mailbox
) -> None:
    battle, number = _first_turn_with_a_set_roll(cast, mailbox)
    assert battle.status == Battle.Status.ACTIVE
    for person in (cast.red, cast.blue):
        client = Client()
        client.force_login(person)
        page = client.get(reverse("battle", args=[battle.pk])).content.decode()
        assert "<li>6, turn 1, set by the game master</li>" in page
        assert "Set by the game master</strong> on turn 1: a roll: 6." in page
        assert f"#{number + 1}: " not in page  # the other die of that attack stays unlisted


def test_the_end_email_lists_every_set_roll(cast: Cast, mailbox: Mailbox) -> None:
    battle, number = _first_turn_with_a_set_roll(cast, mailbox)
    play_to_the_end(cast, mailbox, battle)
    end = mailbox.last_to(cast.blue, "the battle is over").body
    assert "Rolls the game master set:" in end
    assert f"roll #{number} on turn 1: 6 (" in end and "attacker's die)" in end


def test_an_end_email_says_when_no_roll_was_set(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    play_to_the_end(cast, mailbox, battle)
    end = mailbox.last_to(cast.red, "the battle is over").body
    assert "No roll of this battle was set by the game master." in end
