"""A long game's history is read a page of phases at a time, newest first,
with links to older and newer pages."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from django.urls import reverse

from games.models import KnowledgeRecord
from games.views.play import HISTORY_PAGE_SIZE
from tests.perf.long_game import random_game


def history(game_id: int, user: Any, query: str = "") -> str:
    client = Client()
    client.force_login(user)
    response = client.get(reverse("game_history", args=[game_id]) + query)
    assert response.status_code == 200
    return response.content.decode()


def shown_ordinals(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'/history/(\d+)/"', html)]


def test_it_shows_one_page_of_phases_and_links_to_older(db: None) -> None:
    game = random_game("long", year=12)
    user = game.seats.get(power="FRANCE").user
    records = KnowledgeRecord.objects.filter(game=game, power="FRANCE").count()
    assert records > 2 * HISTORY_PAGE_SIZE > 0
    first = history(game.pk, user)
    assert shown_ordinals(first) == list(range(records - 1, records - 1 - HISTORY_PAGE_SIZE, -1))
    assert 'href="?page=2" rel="next">Older phases' in first
    last_page = (records + HISTORY_PAGE_SIZE - 1) // HISTORY_PAGE_SIZE
    last = history(game.pk, user, f"?page={last_page}")
    assert shown_ordinals(last)[-1] == 0 and "Older phases" not in last
    assert f'href="?page={last_page - 1}" rel="prev">Newer phases' in last


def test_it_keeps_the_power_asked_for_in_the_page_links(db: None) -> None:
    game = random_game("long", year=12)
    html = history(game.pk, game.game_master, "?power=ENGLAND")
    assert 'href="?power=ENGLAND&amp;page=2" rel="next"' in html


def test_it_shows_the_last_page_for_a_page_past_the_end(db: None) -> None:
    game = random_game("long", year=12)
    user = game.seats.get(power="FRANCE").user
    assert shown_ordinals(history(game.pk, user, "?page=999"))[-1] == 0
