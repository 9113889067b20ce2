"""The battle pages on a phone (360 x 740 and 390 x 844): nothing sticks out
sideways (the commitment and the picture included), the typed activation is
previewed line by line as the rows are, and refused with its reason and kept
when a path is too long for the rules."""

from __future__ import annotations

from typing import Any

import pytest

from battles.models import Battle, BattleTurn
from battles.tests.web.conftest import Cast, infantry, post, set_up
from tests.e2e.test_it_sets_up_a_battle_in_a_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
SEED = "ef" * 32  # Red wins the roll-off with it


def started() -> tuple[Cast, Battle]:
    cast = Cast()
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f4")])
    Battle.objects.filter(pk=battle.pk).update(seed=SEED, commitment="")
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    return cast, battle


def on_a_phone(browser: Any, base: str, who: str, size: dict[str, int]) -> Any:
    page = log_in(browser, base, who)
    page.set_viewport_size(size)
    return page


def page_width(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


@pytest.mark.parametrize("size", PHONES, ids=["360", "390"])
def test_the_battle_pages_fit_a_phone(browser: Any, live_server: Any, size: dict[str, int]) -> None:
    _, battle = started()
    base = live_server.url
    red = on_a_phone(browser, base, "red", size)
    red.goto(f"{base}/battles/{battle.pk}/")
    red.wait_for_selector("img.map")
    assert page_width(red) <= size["width"]
    assert red.locator("img.map").bounding_box()["width"] <= size["width"]
    gm = on_a_phone(browser, base, "gm", size)
    gm.goto(f"{base}/battles/{battle.pk}/console/")
    assert page_width(gm) <= size["width"]


def test_a_typed_activation_is_previewed_then_refused_and_kept(
    browser: Any, live_server: Any
) -> None:
    _, battle = started()
    base = live_server.url
    red = on_a_phone(browser, base, "red", PHONES[1])
    red.goto(f"{base}/battles/{battle.pk}/")
    red.click("summary:text('Or type it as text')")
    red.fill("#activation-text textarea", "R1 move c4 c5 c6 b6")
    red.wait_for_selector("#activation-text-preview li.bad")
    assert "cost 4 of SPD 3: too far" in red.inner_text("#activation-text-preview")
    red.click("#activation-text button[type=submit]")
    red.wait_for_selector("text=the path costs 4, more than R1's speed 3")
    assert red.input_value("#activation-text textarea") == "R1 move c4 c5 c6 b6"
    assert BattleTurn.objects.get(battle=battle, number=1).status == BattleTurn.Status.OPEN


def test_the_console_lists_no_account_it_has_no_business_with(
    browser: Any, live_server: Any
) -> None:
    started()
    base = live_server.url
    gm = log_in(browser, base, "gm")
    battle = Battle.objects.get()
    gm.goto(f"{base}/battles/{battle.pk}/console/")
    suggested = gm.locator("#known-players option").evaluate_all("o => o.map(x => x.value)")
    assert sorted(suggested) == ["blue", "red"]
    assert "stranger" not in gm.content()
    assert gm.locator("select#side_player").count() == 0
