"""What France reads through the API is the same whatever Turkey, out of its
sight, did: two fog games alike but for one Turkish order, every GET route
asked with France's token after the phase is adjudicated."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.tests.conftest import api_for
from games import access, actions
from games.actions.processing import adjudicate_phase
from games.models import Phase
from games.tests.emails.conftest import make_game

pytestmark = pytest.mark.django_db

# Every route France may read, game and ordinal filled in; map bytes compared too.
READS = (
    "/games",
    "/games/{id}",
    "/games/{id}/records",
    "/games/{id}/record",
    "/games/{id}/records/0",
    "/games/{id}/records/1",
    "/games/{id}/press",
    "/games/{id}/vote",
    "/games/{id}/map",
)


def without_ids_and_clock(value: Any) -> Any:
    """The two games' numbers differ, and each deadline is counted from its own start."""
    if isinstance(value, dict):
        return {
            k: without_ids_and_clock(v) for k, v in value.items() if k not in ("id", "deadline")
        }
    if isinstance(value, list):
        return [without_ids_and_clock(v) for v in value]
    return value


def world(turkish_order: str, suffix: str) -> tuple[list[Any], dict[str, Any] | None]:
    game, master, players = make_game("dc2005", suffix)
    phase = game.phases.get(status=Phase.Status.OPEN)
    actions.submit_orders(phase, players["TURKEY"], "TURKEY", [turkish_order])
    actions.submit_orders(phase, players["FRANCE"], "FRANCE", ["A Par - Bur"])
    actions.process_now(phase, master)
    adjudicate_phase(phase.pk)
    api = api_for(players["FRANCE"], scope="read")
    answers = []
    for path in READS:
        response = api.get(path.format(id=game.pk))
        assert response.status_code == 200, (path, response.content)
        is_json = response["Content-Type"].startswith("application/json")
        answers.append(
            without_ids_and_clock(json.loads(response.content)) if is_json else response.content
        )
    turkey = access.access_current_record(access.access_game(players["TURKEY"], game.pk))
    return answers, turkey


def test_france_reads_the_same_whatever_turkey_did_out_of_its_sight() -> None:
    quiet, turkey_quiet = world("A Smy H", "a")
    moved, turkey_moved = world("A Smy - Syr", "b")
    assert turkey_quiet != turkey_moved, "the control: Turkey's own record differs"
    for path, one, other in zip(READS, quiet, moved, strict=True):
        assert one == other, path
