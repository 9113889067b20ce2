"""Token lists show each token's ATT and DEF as it fights, its character's bonuses in
(ruling B29): on the page and in the email, for the side's own tokens and the enemy's."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from battles.actions.setup import Placement
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up


def _aldo() -> Placement:
    return Placement(
        name="R1", side="Red", at="c3", att=3, defence=3, spd=3, hp=3,
        character="Aldo", character_att=1, character_def=2,
    )  # fmt: skip


def test_the_page_and_the_email_show_stats_with_bonuses(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [_aldo(), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    for person in (cast.red, cast.blue, cast.gm):
        start = mailbox.last_to(person, "the battle begins").body
        assert "R1 (Red) at c3: HP 3/3, ATT 4 (3 + Aldo 1) DEF 5 (3 + Aldo 2) SPD 3" in start
        assert "B1 (Blue) at d3: HP 2/2, ATT 5 DEF 1 SPD 3" in start
    client = Client()
    client.force_login(cast.blue)
    page = client.get(reverse("battle", args=[battle.pk])).content.decode()
    assert "<td>4 (3 + Aldo 1)</td><td>5 (3 + Aldo 2)</td>" in page


def test_a_hidden_character_of_the_same_name_lends_nothing(cast: Cast, mailbox: Mailbox) -> None:
    """Under fog, a token the side does not see may carry a character of the same
    name; its bonus must neither show nor change the side's own token's stats."""
    guard = Placement(
        name="R1", side="Red", at="a1", att=3, defence=3, spd=3, hp=3,
        character="Guard", character_att=1, character_def=0,
    )  # fmt: skip
    hidden = Placement(
        name="B9", side="Blue", at="h6", att=3, defence=3, spd=3, hp=3,
        character="Guard", character_att=4, character_def=4,
    )  # fmt: skip
    battle = set_up(cast, [guard, hidden], sight=2)
    mailbox.start(battle, cast.gm)
    start = mailbox.last_to(cast.red, "the battle begins").body
    assert "B9" not in start
    assert "R1 (Red) at a1: HP 3/3, ATT 4 (3 + Guard 1) DEF 3 SPD 3" in start
    client = Client()
    client.force_login(cast.red)
    page = client.get(reverse("battle", args=[battle.pk])).content.decode()
    assert "<td>4 (3 + Guard 1)</td><td>3</td>" in page
