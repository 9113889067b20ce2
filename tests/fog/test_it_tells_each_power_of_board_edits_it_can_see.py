"""Records after a board edit (adjudication/fog/edit.py): a power whose view
the edit does not touch gets no new record; one that sees the change gets the
board afresh, its report kept, and one message; the game master always."""

from __future__ import annotations

import pytest

from adjudication.edits import BoardEdit, apply_edit
from adjudication.fog import FOG_PRESETS, get_preset, initial_records
from adjudication.fog.edit import EDIT_MESSAGE, edited_records
from adjudication.record import GAME_MASTER, OBSERVER

FAR_FROM_FRANCE = BoardEdit("remove", "Smyrna")
NEXT_TO_FRANCE = BoardEdit("add", "Burgundy", unit="A", power="GERMANY")


def records_after(preset_name: str, edit: BoardEdit) -> tuple[dict, dict]:
    preset = get_preset(preset_name)
    before = preset.start()
    state = preset.initial_state(before)
    records, gm = initial_records(preset, before, state)
    records = {**records, GAME_MASTER: gm, OBSERVER: records["FRANCE"]}
    after, _ = apply_edit(before, edit, preset.graph)
    return records, edited_records(preset, before, after, records, state)


@pytest.mark.parametrize("preset", [p for p in FOG_PRESETS if p != "saari1898"])
def test_an_edit_out_of_sight_gives_france_nothing(preset: str) -> None:
    _, changed = records_after(preset, FAR_FROM_FRANCE)
    assert "FRANCE" not in changed
    assert "A SMY" not in str(changed[GAME_MASTER]["units"].get("TURKEY"))


@pytest.mark.parametrize("preset", ["standard", "dc2005", "diplomyopia"])
def test_an_edit_in_sight_gives_france_the_board_afresh(preset: str) -> None:
    records, changed = records_after(preset, NEXT_TO_FRANCE)
    france = changed["FRANCE"]
    assert "A BUR" in france["units"]["GERMANY"]
    assert france["phase"] == records["FRANCE"]["phase"]
    assert france["messages"] == [*records["FRANCE"]["messages"], EDIT_MESSAGE]
    assert france["orders"] == records["FRANCE"]["orders"]


def test_a_full_information_game_tells_everyone() -> None:
    _, changed = records_after("standard", FAR_FROM_FRANCE)
    assert {"FRANCE", "TURKEY", GAME_MASTER} <= set(changed)
