"""A shared side: the game master gives tokens to players of a side; each player
activates their own; the side's turn is played when every one of them has sent
theirs, or at the deadline with what is in (tokens not activated hold)."""

from __future__ import annotations

from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from battles.models import Battle, BattleTurn
from battles.tasks import sweep_turns
from battles.tests.web.conftest import Cast, infantry, post, set_up
from games.tests.web.conftest import make_user

TOKENS = [
    infantry("R1", "Red", "c3"),
    infantry("R2", "Red", "a1"),
    infantry("B1", "Blue", "f3"),
    infantry("B2", "Blue", "h5"),
]
# side -> (the side's player and the token left to them, the ally and the token given)
SHARES = {"Red": (("red", "R2", "a2"), ("ally_red", "R1", "c4")),
          "Blue": (("blue", "B2", "g5"), ("ally_blue", "B1", "f4"))}  # fmt: skip


@pytest.fixture
def shared(cast: Cast) -> tuple[Battle, BattleTurn]:
    """Both sides shared, so that whichever side the roll-off picks is shared."""
    for side in SHARES.values():
        name, token, _ = side[1]
        setattr(cast, name, make_user(name))
    battle = set_up(cast, tokens=TOKENS)
    for side in SHARES.values():
        name, token, _ = side[1]
        post(cast, "gm", "battle_control", battle, {"token": token, "player": name})
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    return battle, turn


def _at(battle: Battle, token: str) -> str:
    battle.refresh_from_db()
    return next(t["at"] for t in battle.position if t["id"] == token)


def _send(cast: Cast, who: str, battle: Battle, text: str) -> str:
    data = {"entry": "text", "text": text}
    return unescape(post(cast, who, "battle_activation", battle, data).content.decode())


def test_the_turn_waits_for_every_player_of_the_side(
    cast: Cast, shared: tuple[Battle, BattleTurn]
) -> None:
    battle, turn = shared
    (owner, own_token, own_step), (ally, ally_token, ally_step) = SHARES[turn.side]
    page = _send(cast, owner, battle, f"{own_token} move {own_step}")
    assert f"Your part of turn {turn.number} is in" in page
    assert f"Waiting for: {ally}." in page
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.OPEN and turn.submitted is None
    assert _at(battle, own_token) != own_step  # nothing played yet
    ally_page = cast.client(ally).get(reverse("battle", args=[battle.pk])).content.decode()
    assert f"Waiting for: {ally}." in ally_page and "Your part is in" not in ally_page
    assert f"Turn {turn.number} is played" in _send(
        cast, ally, battle, f"{ally_token} move {ally_step}"
    )
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.DONE
    assert turn.text == f"{own_token} move {own_step}\n{ally_token} move {ally_step}"
    assert (_at(battle, own_token), _at(battle, ally_token)) == (own_step, ally_step)


def test_a_player_activates_only_their_own_tokens(
    cast: Cast, shared: tuple[Battle, BattleTurn]
) -> None:
    battle, turn = shared
    (owner, _, _), (_, ally_token, ally_step) = SHARES[turn.side]
    page = _send(cast, owner, battle, f"{ally_token} move {ally_step}")
    assert f"line 1: {ally_token!r} is not one of your tokens" in page
    assert f"{ally_token} move {ally_step}" in page  # what was typed is kept
    turn.refresh_from_db()
    assert turn.parts == [] and turn.text == ""


def test_the_form_offers_a_player_only_their_own_tokens(
    cast: Cast, shared: tuple[Battle, BattleTurn]
) -> None:
    battle, turn = shared
    (owner, own_token, _), (_, ally_token, _) = SHARES[turn.side]
    page = cast.client(owner).get(reverse("battle", args=[battle.pk])).content.decode()
    assert f'name="action_{own_token}"' in page
    assert f'name="action_{ally_token}"' not in page


def test_at_the_deadline_the_parts_in_are_played_and_the_rest_hold(
    cast: Cast, shared: tuple[Battle, BattleTurn]
) -> None:
    battle, turn = shared
    (owner, own_token, own_step), (_, ally_token, _) = SHARES[turn.side]
    _send(cast, owner, battle, f"{own_token} move {own_step}")
    standing = _at(battle, ally_token)
    BattleTurn.objects.filter(pk=turn.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    sweep_turns()
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.DONE
    assert (_at(battle, own_token), _at(battle, ally_token)) == (own_step, standing)


def test_a_player_whose_tokens_have_fallen_is_not_awaited(
    cast: Cast, shared: tuple[Battle, BattleTurn]
) -> None:
    battle, turn = shared
    (owner, own_token, own_step), (_, ally_token, _) = SHARES[turn.side]
    battle.refresh_from_db()
    for token in battle.position:
        token["fallen"] = token["fallen"] or token["id"] == ally_token
    Battle.objects.filter(pk=battle.pk).update(position=battle.position)
    assert f"Turn {turn.number} is played" in _send(
        cast, owner, battle, f"{own_token} move {own_step}"
    )


def test_a_second_part_from_the_same_player_replaces_the_first(
    cast: Cast, shared: tuple[Battle, BattleTurn]
) -> None:
    battle, turn = shared
    (owner, own_token, own_step), _ = SHARES[turn.side]
    _send(cast, owner, battle, f"{own_token} hold")
    _send(cast, owner, battle, f"{own_token} move {own_step}")
    turn.refresh_from_db()
    assert turn.text == f"{own_token} move {own_step}" and len(turn.parts) == 1
