"""The walk asks the JSON API with the viewer's own token, as a program of its
would: the answers are the viewer's records, not a refusal for want of a token
(a walk refused everywhere would compare equal in any two worlds)."""

from __future__ import annotations

import json

import pytest

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
