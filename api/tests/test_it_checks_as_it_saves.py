"""One checker: /check judges each line as POST .../orders (and the web) does."""

import pytest

from api.tests.conftest import api_for

ILLEGAL = ["A Par - Arm", "F Bre - Mos", "A Par S A Smy - Arm", "F Bre C A Con - Bul"]


@pytest.mark.parametrize("line", ILLEGAL)
def test_check_refuses_what_orders_refuses_with_the_same_reason(people, fog_game, line):
    api = api_for(people.player)
    [checked] = api.post(f"/games/{fog_game.pk}/check", {"text": line}).json()
    refused = api.post(f"/games/{fog_game.pk}/orders", {"phase": "S1901M", "orders": [line]})
    assert refused.status_code == 400
    [saved] = refused.json()["lines"]
    assert not checked["ok"] and checked["error"]
    assert checked == saved


def test_check_takes_what_orders_takes(people, fog_game):
    api = api_for(people.player)
    text = "A Par - Bur\nF Bre S A Par - Gas\nA Mar S A Ven - Pie"
    checked = api.post(f"/games/{fog_game.pk}/check", {"text": text}).json()
    assert all(line["ok"] for line in checked), checked
    body = {"phase": "S1901M", "orders": text.split("\n")}
    saved = api.post(f"/games/{fog_game.pk}/orders", body)
    assert saved.status_code == 200
    assert [line["order"] for line in checked] == saved.json()["orders"]


def test_check_names_two_orders_for_one_unit_as_orders_does(people, fog_game):
    api = api_for(people.player)
    lines = ["A Par H", "A Par - Bur"]
    checked = api.post(f"/games/{fog_game.pk}/check", {"text": "\n".join(lines)}).json()
    refused = api.post(f"/games/{fog_game.pk}/orders", {"phase": "S1901M", "orders": lines})
    assert checked == refused.json()["lines"]
    assert "two orders" in checked[0]["error"]
