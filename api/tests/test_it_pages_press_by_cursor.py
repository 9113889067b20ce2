"""Press through the API: stable ids, power names as lists, a `since` cursor,
pages checked, and 409 in a game without press."""

from __future__ import annotations

import pytest

from api.tests.conftest import api_for
from games import actions
from games.models import Game, PressMode
from games.tests.web.conftest import forming_game, start


@pytest.fixture
def three_powers(people):
    """France, Germany, Italy and England seated: Germany's message to two of
    the other three names them (to all three it would read Everyone)."""
    game = forming_game(people, preset="dc2005")
    actions.join(game, people.stranger, ["ITALY"])
    actions.join(game, people.observer, ["ENGLAND"])
    actions.assign_powers(game, people.gm, by_preference=True)
    start(game, people)
    return game


def send(game, people, body, to=("FRANCE",)):
    actions.send_press(game, people.other, "GERMANY", list(to), body, "GERMANY")


def test_each_message_has_an_id_and_power_names(people, three_powers):
    send(three_powers, people, "Hello", to=("FRANCE", "ITALY"))
    [line] = api_for(people.player).get(f"/games/{three_powers.pk}/press").json()["messages"]
    assert line["id"] and line["signed"] == "GERMANY"
    assert line["recipients"] == ["FRANCE", "ITALY"]
    assert line["true_sender"] is None  # not mine, and I am not the game master


def test_a_message_to_all_reads_everyone(people, three_powers):
    send(three_powers, people, "To all", to=("EVERYONE",))
    [line] = api_for(people.player).get(f"/games/{three_powers.pk}/press").json()["messages"]
    assert line["recipients"] == ["EVERYONE"] and line["to"] == "Everyone"


def test_since_gives_what_came_after_oldest_first(people, fog_game):
    for body in ("one", "two", "three"):
        send(fog_game, people, body)
    api = api_for(people.player)
    newest_first = api.get(f"/games/{fog_game.pk}/press").json()["messages"]
    assert [m["body"] for m in newest_first] == ["three", "two", "one"]
    first = newest_first[-1]["id"]
    after = api.get(f"/games/{fog_game.pk}/press?since={first}").json()
    assert [m["body"] for m in after["messages"]] == ["two", "three"]
    assert after["more"] is False
    last = after["messages"][-1]["id"]
    assert api.get(f"/games/{fog_game.pk}/press?since={last}").json()["messages"] == []


def test_a_message_i_may_not_read_is_no_cursor(people, three_powers):
    send(three_powers, people, "Secret", to=("ITALY",))
    api_other = api_for(people.other)
    [theirs] = api_other.get(f"/games/{three_powers.pk}/press").json()["messages"]
    mine = api_for(people.player)
    refused = mine.get(f"/games/{three_powers.pk}/press?since={theirs['id']}")
    missing = mine.get(f"/games/{10**6}/press?since={theirs['id']}")
    assert (refused.status_code, refused.content) == (missing.status_code, missing.content)
    assert refused.status_code == 404


@pytest.mark.parametrize("page", ["0", "-1", str(10**12)])
def test_a_page_out_of_range_is_refused_naming_it(people, fog_game, page):
    answer = api_for(people.player).get(f"/games/{fog_game.pk}/press?page={page}")
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["query", "page"]


def test_a_game_without_press_answers_409(people, fog_game):
    Game.objects.filter(pk=fog_game.pk).update(press_mode=PressMode.NONE)
    api = api_for(people.player)
    assert api.get(f"/games/{fog_game.pk}/press").status_code == 409
    sent = api.post(f"/games/{fog_game.pk}/press", {"recipients": ["GERMANY"], "body": "Hi"})
    assert sent.status_code == 409 and "no press" in sent.json()["detail"]
