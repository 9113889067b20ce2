"""The API refuses at its edge what it cannot use (api/schemas.py), each with
a 422 naming the field: a NUL or a lone surrogate in any string (a 500 on
PostgreSQL, or on writing the answer), a field it does not know (a player's
orders with "power": "GERMANY" were saved as France's), a string or a number
for a boolean or an integer, a deadline without its offset (a 500) or beyond
a year (then every deadline email failed), and bodies over their bounds."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from api.tests.conftest import api_for
from games.models import OrderSheet, Phase, PressMessage

PHASE = "S1901M"


def post_raw(api, path: str, body: dict) -> object:
    """Sent as JSON escapes, as a program would: "\\ud800", "\\u0000"."""
    raw = json.dumps(body)
    return api.client.post(
        f"/api/v1{path}", raw, content_type="application/json", headers=api.headers
    )


def refused_field(answer) -> str:
    assert answer.status_code == 422, answer.content
    problem = answer.json()["detail"][0]
    return str(problem["loc"][-1 if not isinstance(problem["loc"][-1], int) else -2])


def orders_of(game, power: str) -> list[str]:
    sheet = OrderSheet.objects.filter(phase__game=game, power=power).first()
    return list(sheet.parsed) if sheet else []


@pytest.mark.parametrize("bad", ["\x00", "\ud800"])
def test_it_refuses_unstorable_order_lines(people, fog_game, bad):
    body = {"phase": PHASE, "orders": [f"A Par - Bur{bad}"]}
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/orders", body)
    assert refused_field(answer) == "orders"
    assert orders_of(fog_game, "FRANCE") == []


@pytest.mark.parametrize("bad", ["\x00", "\ud800"])
def test_it_refuses_unstorable_press(people, fog_game, bad):
    body = {"recipients": ["GERMANY"], "body": f"Hello{bad}"}
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/press", body)
    assert refused_field(answer) == "body"
    assert not PressMessage.objects.exists()


@pytest.mark.parametrize(
    ("action", "body", "field"),
    [
        ("message", {"recipients": ["FRANCE"], "body": "Hi\x00"}, "body"),
        ("orders", {"power": "FRANCE", "phase": PHASE, "orders": ["A Par H\x00"]}, "orders"),
        ("orders", {"power": "FRANCE\ud800", "phase": PHASE, "orders": []}, "power"),
        ("end", {"result": "Draw\x00"}, "result"),
    ],
)
def test_it_refuses_unstorable_console_text(people, fog_game, action, body, field):
    answer = post_raw(api_for(people.gm), f"/games/{fog_game.pk}/console/{action}", body)
    assert refused_field(answer) == field


def test_it_refuses_a_field_it_does_not_know(people, fog_game):
    """The player's token is France's: "power" must not pass unread."""
    body = {"phase": PHASE, "orders": ["A Par - Bur"], "power": "GERMANY"}
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/orders", body)
    assert refused_field(answer) == "power"
    assert orders_of(fog_game, "FRANCE") == []


@pytest.mark.parametrize("ready", ["yes", 1, "off", "true", None])
def test_ready_is_a_json_boolean(people, fog_game, ready):
    body = {"phase": PHASE, "ready": ready}
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/ready", body)
    assert refused_field(answer) == "ready"
    assert not OrderSheet.objects.filter(phase__game=fog_game, ready=True).exists()


def test_a_ballot_is_a_json_boolean(people, fog_game):
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/vote", {"yes": "no"})
    assert refused_field(answer) == "yes"


@pytest.mark.parametrize("minutes", ["10", 10.5, True])
def test_minutes_are_a_json_integer(people, fog_game, minutes):
    before = Phase.objects.get(game=fog_game, name=PHASE).deadline
    path = f"/games/{fog_game.pk}/console/extend"
    assert refused_field(post_raw(api_for(people.gm), path, {"minutes": minutes})) == "minutes"
    assert Phase.objects.get(game=fog_game, name=PHASE).deadline == before


@pytest.mark.parametrize(
    "deadline",
    ["2030-01-01T00:00", "9999-12-31T23:59:00+00:00", "9999-12-31T23:59:00-05:00", 4102444800],
)
def test_a_deadline_has_its_offset_and_falls_within_a_year(people, fog_game, deadline):
    before = Phase.objects.get(game=fog_game, name=PHASE).deadline
    path = f"/games/{fog_game.pk}/console/deadline"
    assert refused_field(post_raw(api_for(people.gm), path, {"deadline": deadline})) == "deadline"
    assert Phase.objects.get(game=fog_game, name=PHASE).deadline == before


def test_a_deadline_within_a_year_is_set(people, fog_game):
    wanted = (timezone.now() + timedelta(days=200)).replace(microsecond=0)
    path = f"/games/{fog_game.pk}/console/deadline"
    answer = post_raw(api_for(people.gm), path, {"deadline": wanted.isoformat()})
    assert answer.status_code == 200, answer.content
    assert Phase.objects.get(game=fog_game, name=PHASE).deadline == wanted


def test_press_is_bounded_as_on_the_web(people, fog_game):
    body = {"recipients": ["GERMANY"], "body": "x" * 5001}
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/press", body)
    assert refused_field(answer) == "body"
    assert "5000" in answer.json()["detail"][0]["msg"]


def test_a_huge_object_is_refused_before_its_items_are_read(people, fog_game):
    """pydantic reads every key of an object before counting them: 100,000
    wrong values gave 100,000 problems back. Counted first, it is one."""
    lists = {f"A X{n}": n for n in range(100_000)}
    body = {"phase": PHASE, "retreat_lists": lists}
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/orders", body)
    assert refused_field(answer) == "retreat_lists"
    assert len(answer.json()["detail"]) == 1 and len(answer.content) < 1000


def test_it_gives_back_a_bounded_list_of_problems(people, fog_game):
    body = {"phase": PHASE, "orders": ["A Par H\x00"] * 100}
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/orders", body)
    assert answer.status_code == 422
    assert len(answer.json()["detail"]) == 20


@pytest.mark.usefixtures("require_postgres")
@pytest.mark.parametrize(
    ("who", "path", "body"),
    [
        ("player", "orders", {"phase": PHASE, "orders": ["A Par - Bur\x00"]}),
        ("player", "press", {"recipients": ["GERMANY"], "body": "Hi\x00"}),
        ("gm", "console/message", {"recipients": ["FRANCE"], "body": "Hi\x00"}),
        ("gm", "console/orders", {"power": "FRANCE", "phase": PHASE, "orders": ["A Par H\x00"]}),
    ],
)
def test_a_nul_never_reaches_postgresql(people, fog_game, who, path, body):
    """PostgreSQL refuses NUL in text: each of these was a DataError, a 500."""
    answer = post_raw(api_for(getattr(people, who)), f"/games/{fog_game.pk}/{path}", body)
    assert answer.status_code == 422, answer.content


@pytest.mark.parametrize(
    "text", ["A Par - Bur\n" * 200_000, "A Par - Bur" + " " * 300 + "H"], ids=["many", "long"]
)
def test_the_check_refuses_before_reading(people, fog_game, text):
    """200,000 lines took 2 s to read; refused now with the limit named."""
    answer = post_raw(api_for(people.player), f"/games/{fog_game.pk}/check", {"text": text})
    assert refused_field(answer) == "text"
    assert len(answer.content) < 1000
