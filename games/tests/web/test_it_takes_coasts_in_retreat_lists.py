"""1989 retreat lists sent with the orders keep a fleet's coast ("Spa/nc")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.gateway import board
from games.models import OrderSheet
from games.order_entry import read_retreat_list
from games.tests.web.conftest import Personas, open_phase
from games.tests.web.test_it_plays_a_whole_game import create_and_start

STANDARD = board("reynolds1989")  # the board the 1989 lists are read on


def test_it_reads_coasts_in_every_spelling():
    entries = read_retreat_list(STANDARD, "Spa/nc, Spain south coast if Por empty, bul(ec), Gas")
    assert entries == ["SPA/NC", "SPA/SC IF POR EMPTY", "BUL/EC", "GAS"]


def test_it_names_a_coast_the_province_does_not_have():
    with pytest.raises(ValueError, match='could not read "Mar/nc": Marseilles has no such coast'):
        read_retreat_list(STANDARD, "Gas, Mar/nc")


def retreat_field(page: str, unit: str) -> str:
    label = re.search(rf'<label for="id_(retreat_\d+)">If {unit} is dislodged', page)
    assert label, f"no retreat list for {unit}"
    return label.group(1)


@pytest.mark.django_db
def test_it_keeps_the_coast_a_player_gives(people: Personas) -> None:
    game = create_and_start(people, "reynolds1989")
    player = people.client("player")
    field = retreat_field(player.get(reverse("game", args=[game.pk])).content.decode(), "F BRE")
    url = reverse("game_orders", args=[game.pk])
    response = player.post(url, {"typed": "F Bre - Mao", field: "Spa/nc, Por"})
    assert response.status_code == 302, response.content.decode()[:2000]
    sheet = OrderSheet.objects.get(phase=open_phase(game), power="FRANCE")
    assert sheet.extras["retreat_lists"] == {"F BRE": ["SPA/NC", "POR"]}
    page = player.get(reverse("game", args=[game.pk])).content.decode()
    assert 'value="SPA/NC, POR"' in page
