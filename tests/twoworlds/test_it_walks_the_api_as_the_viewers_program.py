"""The walk asks the JSON API with the viewer's own token, as a program of its
would: the answers are the viewer's records, not a refusal for want of a token
(a walk refused everywhere would compare equal in any two worlds)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.models import ApiToken
from api.tokens import create_api_token
from tests.twoworlds import steps
from tests.twoworlds.browser import Browser
from tests.twoworlds.catalogue import CATALOGUE
from tests.twoworlds.pairs import game_builder, worlds
from tests.twoworlds.receipts import received
from tests.twoworlds.world import VIEWER

pytestmark = pytest.mark.django_db


def test_the_api_answers_with_the_viewers_own_record() -> None:
    entry = CATALOGUE[0]
    got = worlds(
        game_builder(entry.presets[0], **entry.settings),
        (lambda world: None,),
        lambda world: received(world, world.viewer, VIEWER),
    )[0]
    api = {what: text for what, text in got if what.startswith("API GET")}
    record = next(text for what, text in api.items() if what.endswith("/record"))
    status, body = record.split("\n", 1)
    assert status.startswith("200 application/json")
    assert json.loads(body)["power"] == VIEWER
    assert sum(text.startswith("200 ") for text in api.values()) >= 5
    # The read-back of the viewer's own sheet is walked (and so compared) too.
    sheet = next(text for what, text in api.items() if what.endswith("/orders"))
    status, body = sheet.split("\n", 1)
    assert status.startswith("200 application/json")
    assert json.loads(body)["owed"]["units"]


def options_and_sheet(world: Any) -> list[tuple[str, str]]:
    """England's legal options and saved sheet, as its own program reads them."""
    made = create_api_token(world.viewer, "options", ApiToken.Scope.READ)
    program = Browser(headers={"Authorization": f"Bearer {made.secret}"})
    got = []
    for route in ("options", "orders"):
        answer = program.get(f"/api/v1/games/{world.game.pk}/{route}")
        got.append((route, f"{answer.status_code} {answer.content.decode()}"))
    return got


def test_the_options_depend_only_on_the_viewers_own_record() -> None:
    """A unit added out of England's sight changes nothing England's program
    reads of its options; an English unit added (the control) does."""
    base, hidden, control = worlds(
        game_builder("dc2005"),
        (
            lambda world: None,
            steps.edit("add", "GAL", "A", "AUSTRIA"),
            steps.edit("add", "YOR", "A", "ENGLAND"),
        ),
        options_and_sheet,
    )
    assert base[0][1].startswith("200 ") and "F LON - NTH" in base[0][1]
    assert hidden == base
    assert control != base and "A YOR - WAL" in control[0][1]
