"""Flanking, after-combat healing and veterans, each a switch (rulings B22-B24)."""

from __future__ import annotations

from dataclasses import replace

from adjudication.battle.turns import after_combat_healing, make_veterans
from tests.battle.helpers import act, attack, battle, shoot, token


def flank(*, flanking: bool, partner_at: str = "d2"):
    return battle(
        token("R1", "red", "b2"),
        token("R2", "red", partner_at, range=3),
        token("B1", "blue", "c2", hp=9),
        flanking=flanking,
    )


def attack_total(start, action):
    return act(start, "red", action, dice=(1, 1)).results[0].combat.attack


def test_it_adds_one_for_flanking_when_switched_on():
    assert attack_total(flank(flanking=True), attack("R1", "B1")) == 5
    assert attack_total(flank(flanking=False), attack("R1", "B1")) == 4


def test_it_flanks_on_a_diagonal():
    start = battle(
        token("R1", "red", "b1"), token("R2", "red", "d3"), token("B1", "blue", "c2"), flanking=True
    )
    assert attack_total(start, attack("R1", "B1")) == 5


def test_it_needs_exactly_opposite_squares():
    assert attack_total(flank(flanking=True, partner_at="d3"), attack("R1", "B1")) == 4


def test_it_flanks_for_any_attacker_of_the_side():
    shooter = battle(*flank(flanking=True).tokens, token("R3", "red", "c5", range=3), flanking=True)
    assert attack_total(shooter, shoot("R3", "B1")) == 5


def fallen(token_, /):
    return replace(token_, fallen=True, hp=0)


def healing_battle(**options):
    start = battle(
        token("R1", "red", "b2", heal=True),
        token("R2", "red", "c2", heal=True),
        token("R3", "red", "d2"),
        token("R4", "red", "e2"),
        token("B1", "blue", "h8"),
        **options,
    )
    start = start.with_token(fallen(start.tokens[2]))
    return start.with_token(fallen(start.tokens[3]))


def test_it_saves_a_fallen_token_on_any_six():
    healed, saved = after_combat_healing(healing_battle(after_combat_healing=True), [2, 6, 5, 5])
    assert saved == ("R3",)
    token_ = healed.token("R3")
    assert token_ is not None and not token_.fallen and token_.hp == token_.max_hp


def test_it_heals_after_combat_only_when_switched_on():
    _, saved = after_combat_healing(healing_battle(), [6, 6, 6, 6])
    assert saved == ()


def test_it_makes_survivors_veterans_with_one_more_attack():
    start = healing_battle(veterans=True)
    after = make_veterans(start)
    assert [(t.id, t.att, t.veteran) for t in after.tokens] == [
        ("R1", 4, True),
        ("R2", 4, True),
        ("R3", 3, False),
        ("R4", 3, False),
        ("B1", 4, True),
    ]
    assert make_veterans(healing_battle()) == healing_battle()


def test_it_makes_no_veteran_of_a_token_saved_by_after_combat_healing():
    start = healing_battle(after_combat_healing=True, veterans=True)
    healed, saved = after_combat_healing(start, [2, 6, 5, 5])
    after = make_veterans(healed, saved)
    assert [(t.id, t.att, t.veteran) for t in after.tokens] == [
        ("R1", 4, True),
        ("R2", 4, True),
        ("R3", 3, False),
        ("R4", 3, False),
        ("B1", 4, True),
    ]
