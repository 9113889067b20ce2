"""Fog on the web: what a side is told of its own activation depends only on what
it sees (rulings F6, F7). Two battles alike but for a Blue token Red cannot see
on Red's path; Red sends the same activation in both, by the text box and by
the per-token form, and reads its results and its page."""

from __future__ import annotations

import re

from battles.models import Battle, BattleTurn
from battles.tests.web.conftest import Cast, infantry, post, set_up

SEED = "ef" * 32  # Red wins the roll-off with it
RED_AND_FAR_BLUE = [infantry("R1", "Red", "a3"), infantry("B1", "Blue", "h1")]
HIDDEN = infantry("B2", "Blue", "d3")  # three steps from R1, which sees two
PROBE = "R1 move b3 c3 d3 e3"  # costs 4, speed 3
STEP = "R1 move b3 c3 d3"


def _started(cast: Cast, hidden: bool) -> Battle:
    Battle.objects.all().delete()
    battle = set_up(cast, sight=2, tokens=[*RED_AND_FAR_BLUE, *([HIDDEN] if hidden else [])])
    Battle.objects.filter(pk=battle.pk).update(seed=SEED, commitment="")
    post(cast, "gm", "battle_start", battle, {})
    turn = battle.open_turn()
    assert turn is not None and turn.side == "Red"
    return battle


def _send_text(cast: Cast, hidden: bool, text: str) -> tuple[list[str], str]:
    """Red's results of the turn, and its page after it."""
    battle = _started(cast, hidden)
    page = post(cast, "red", "battle_activation", battle, {"text": text}).content.decode()
    turn = BattleTurn.objects.get(battle=battle, number=1)
    assert turn.status == BattleTurn.Status.DONE
    return list(turn.results), _same_ids(page)


def test_it_refuses_the_probe_alike_before_the_turn_is_played(cast: Cast) -> None:
    pages = []
    for hidden in (False, True):
        battle = _started(cast, hidden)
        text = "\n".join([PROBE, STEP])
        response = post(cast, "red", "battle_activation", battle, {"text": text})
        assert response.status_code == 400
        assert BattleTurn.objects.get(battle=battle, number=1).status == BattleTurn.Status.OPEN
        pages.append(_same_ids(response.content.decode()))
    assert pages[0] == pages[1]
    assert "line 1: R1: the path costs 4, more than R1&#x27;s speed 3" in pages[0]


def test_it_refuses_alike_then_stops_the_move_and_spends_it(cast: Cast) -> None:
    text = "\n".join(["R1 attack B2", STEP, "R1 move b4"])
    free, free_page = _send_text(cast, False, text)
    blocked, blocked_page = _send_text(cast, True, text)
    refused = "R1 attack B2: refused, B2 is not in sight"
    assert free[0] == blocked[0] == refused
    assert free[1] == f"{STEP}: done"
    assert blocked[1].startswith(f"{STEP}: stopped at c3, the action spent")
    assert free[2] == blocked[2] == "R1 move b4: refused, R1 has already acted this turn"
    assert "B2" not in blocked[1]
    assert refused in free_page and refused in blocked_page


def test_it_refuses_an_unseen_name_as_an_unknown_one_page_for_page(cast: Cast) -> None:
    without, page_without = _send_text(cast, False, "R1 attack B2\nR1 move a4")
    with_hidden, page_with = _send_text(cast, True, "R1 attack B2\nR1 move a4")
    assert without == with_hidden
    assert without[0] == "R1 attack B2: refused, B2 is not in sight"
    assert page_with == page_without


def test_it_refuses_an_unseen_token_as_actor_as_an_unknown_one(cast: Cast) -> None:
    pages = []
    for hidden in (False, True):
        battle = _started(cast, hidden)
        response = post(cast, "red", "battle_activation", battle, {"text": "B2 move c3"})
        assert response.status_code == 400
        pages.append(_same_ids(response.content.decode()))
    assert pages[0] == pages[1]
    assert "line 1: &#x27;B2&#x27; is not one of your tokens" in pages[1]


def test_the_token_form_offers_no_unseen_name_and_refuses_both_alike(cast: Cast) -> None:
    pages = []
    for hidden in (False, True):
        battle = _started(cast, hidden)
        rows = {"entry": "tokens", "order_R1": 1, "action_R1": "attack", "target_R1": "B2"}
        response = post(cast, "red", "battle_activation", battle, rows | {"squares_R1": ""})
        assert response.status_code == 400
        assert battle.open_turn() is not None  # nothing was played
        pages.append(_same_ids(response.content.decode()))
    assert pages[0] == pages[1]
    assert "B2 is not one of the available choices" in pages[1]


def _same_ids(page: str) -> str:
    """Pages may differ only in the battle's number, the deadline's minute and CSRF."""
    page = re.sub(r"/battles/\d+/", "/battles/N/", page)
    page = re.sub(r"Deadline [0-9: -]+ UTC", "Deadline", page)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)
