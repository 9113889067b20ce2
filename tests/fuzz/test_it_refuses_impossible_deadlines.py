"""Durations the fuzz found answering 500: a number of hours beyond what a
timedelta holds, and digits that are not 0-9. Each is refused with a reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.forms.console import ExtendForm
from games.forms.new_game import GameForm
from tests.access.world import build_world


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("24000000000", "far too long for a deadline"),
        ("999999999999d 5h", "far too long for a deadline"),
        ("²", "Could not read"),
        ("٣h", "Could not read"),
    ],
)
def test_it_refuses_the_duration_naming_it(typed: str, reason: str) -> None:
    form = ExtendForm({"by": typed})
    assert not form.is_valid()
    assert reason in form.errors["by"][0]


def test_it_still_reads_a_bare_number_as_hours() -> None:
    form = ExtendForm({"by": "36"})
    assert form.is_valid() and form.cleaned_data["by"].total_seconds() == 36 * 3600


def test_it_refuses_a_huge_movement_deadline_on_the_create_page(db) -> None:
    form = GameForm({"movement": "24000000000"})
    assert "far too long" in form.errors["movement"][0]


@pytest.mark.django_db
def test_it_answers_the_console_without_a_500(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    world = build_world()
    client = world.client("game_master")
    url = reverse("console_extend", args=[world.game.pk])
    response = client.post(url, {"by": "24000000000"}, follow=True)
    assert response.status_code == 200
    assert "far too long for a deadline" in response.content.decode()
