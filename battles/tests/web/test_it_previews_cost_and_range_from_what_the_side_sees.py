"""The activation form previews a path's cost and a target's distance in the
browser, from data the page carries out of the side's own record only, in a
static script the Content-Security-Policy allows (no inline script)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from battles.models import Battle
from battles.tests.web.conftest import Cast, infantry, post, set_up

SCRIPT = Path(settings.BASE_DIR) / "static" / "js" / "battle_preview.js"
TOKENS = [
    infantry("R1", "Red", "c3"),
    infantry("R2", "Red", "a1"),
    infantry("B1", "Blue", "e3"),
    infantry("B2", "Blue", "h1"),
]


def _page_of_the_side_to_act(cast: Cast) -> tuple[str, str]:
    battle = set_up(cast, sight=2, tokens=TOKENS)  # a1 is a hill, h6 trees (conftest)
    post(cast, "gm", "battle_start", battle, {})
    turn = Battle.objects.get().open_turn()
    assert turn is not None
    player = "red" if turn.side == "Red" else "blue"
    page = cast.client(player).get(reverse("battle", args=[battle.pk])).content.decode()
    return turn.side, page


def _preview_data(page: str) -> dict:
    found = re.search(
        r'<script id="battle-preview-data" type="application/json">(.*?)</script>', page
    )
    assert found, "the page carries the preview's data"
    return json.loads(found[1])


def test_the_data_holds_only_what_the_side_sees(cast: Cast) -> None:
    side, page = _page_of_the_side_to_act(cast)
    data = _preview_data(page)
    own, far = ("R1", "B2") if side == "Red" else ("B1", "R2")
    assert data["tokens"][own]["own"] is True and data["tokens"][own]["spd"] == 3
    assert far not in data["tokens"]  # out of sight (sight 2): not in the record, not here
    assert far not in json.dumps(data)
    assert data["terrain"] == {"a1": "hill", "h6": "trees"}


def test_the_page_has_no_inline_script(cast: Cast) -> None:
    _, page = _page_of_the_side_to_act(cast)
    assert 'js/battle_preview.js"' in page
    for tag in re.findall(r"<script[^>]*>", page):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert "data-preview-for=" in page


def _run(expression: str) -> object:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to check the preview script")
    program = f"const p = require({str(SCRIPT)!r}); console.log(JSON.stringify({expression}));"
    return json.loads(
        subprocess.run([node, "-e", program], check=True, capture_output=True, text=True).stdout
    )


DATA = {
    "width": 8,
    "height": 6,
    "terrain": {"d3": "trees", "b1": "hill", "f3": "trees"},
    "tokens": {
        "R1": {"at": "c3", "own": True, "spd": 3, "range": 0},
        "A1": {"at": "b1", "own": True, "spd": 3, "range": 3},
        "B1": {"at": "f3", "own": False, "spd": 3, "range": 0},
        "B2": {"at": "e5", "own": False, "spd": 3, "range": 0},
    },
}


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        (("R1", "move", "d3 e3", ""), "cost 3 of SPD 3"),  # trees cost 2 (ruling B5)
        (("R1", "move", "d3 e3 e4", ""), "cost 4 of SPD 3: too far"),
        (("R1", "move", "d3", ""), "cost 2 of SPD 3"),
        (("R1", "move", "e3", ""), "e3 is not next to c3"),
        (("R1", "move", "z9", ""), "z9 is off the grid"),
        (("R1", "charge", "d4", "B2"), "cost 1 of SPD 3; 1 away"),
        (("R1", "attack", "", "B2"), "2 away: not next to it"),
        (("A1", "shoot", "", "B2"), "4 away, RANGE 4"),  # from a hill: one more
        (("A1", "shoot", "", "B1"), "the target is on trees: it cannot be shot"),
        (("R1", "hold", "", ""), ""),
    ],
)
def test_the_script_previews_a_row(row: tuple[str, str, str, str], expected: str) -> None:
    token, action, squares, target = row
    call = f"p.preview({json.dumps(DATA)}, {token!r}, {action!r}, {squares!r}, {target!r})"
    assert _run(call) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("R1 move d3 e3 e4", "cost 4 of SPD 3: too far"),  # as the row previews it
        ("r1 MOVE d3 e3", "cost 3 of SPD 3"),
        ("R1 charge d4 B2", "cost 1 of SPD 3; 1 away"),
        ("R1 attack b2", "2 away: not next to it"),
        ("Z9 move d3", "Z9 is not a token you see"),
        ("R1 hold", ""),
        ("# a note", ""),
    ],
)
def test_the_script_previews_a_typed_line(line: str, expected: str) -> None:
    assert _run(f"p.previewLine({json.dumps(DATA)}, {line!r})") == expected


def test_the_typed_box_has_its_preview(cast: Cast) -> None:
    _, page = _page_of_the_side_to_act(cast)
    assert 'id="activation-text-preview"' in page
