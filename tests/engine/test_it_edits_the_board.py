"""Board edits (adjudication/edits.py): each kind of change, and each
mistake named in words the game master can act on."""

from __future__ import annotations

import pytest

from adjudication.edits import BoardEdit, EditError, apply_edit
from adjudication.fog import get_preset
from adjudication.types import Position

GRAPH = get_preset("standard").graph


def start() -> Position:
    return get_preset("standard").start()


def units(position: Position) -> set[str]:
    return {f"{u.power} {u}" for u in position.units}


def test_it_moves_a_unit() -> None:
    after, said = apply_edit(start(), BoardEdit("move", "Paris", to="bur"), GRAPH)
    assert "FRANCE A BUR" in units(after) and "FRANCE A PAR" not in units(after)
    assert said == "moved A PAR (FRANCE) to BUR"


def test_it_adds_a_fleet_on_a_named_coast() -> None:
    after, said = apply_edit(start(), BoardEdit("add", "Spa/sc", unit="F", power="italy"), GRAPH)
    assert "ITALY F SPA/SC" in units(after)
    assert said == "added F SPA/SC (ITALY)"


def test_it_removes_a_unit() -> None:
    after, _ = apply_edit(start(), BoardEdit("remove", "Smyrna"), GRAPH)
    assert "TURKEY A SMY" not in units(after)
    assert len(after.units) == len(start().units) - 1


def test_it_changes_and_clears_a_centres_owner() -> None:
    owned, said = apply_edit(start(), BoardEdit("centre", "bel", power="FRANCE"), GRAPH)
    assert owned.centres["BEL"] == "FRANCE" and said == "centre BEL: neutral -> FRANCE"
    neutral, said = apply_edit(owned, BoardEdit("centre", "Paris", power=""), GRAPH)
    assert "PAR" not in neutral.centres and said == "centre PAR: FRANCE -> neutral"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (BoardEdit("move", "Bur", to="Mun"), "There is no unit in Burgundy."),
        (BoardEdit("move", "Par", to="Mar"), "Marseilles already holds A MAR (France)."),
        (
            BoardEdit("move", "Par", to="North Sea"),
            "An army cannot stand in North Sea: it is a sea.",
        ),
        (BoardEdit("move", "Bre", to="Par"), "A fleet cannot stand in Paris: it is inland."),
        (BoardEdit("add", "Atlantis", unit="A", power="FRANCE"), '"Atlantis" is not a province'),
        (BoardEdit("add", "Bul", unit="F", power="TURKEY"), "Name the coast of Bulgaria"),
        (BoardEdit("add", "Bur", unit="Z", power="FRANCE"), '"Z" is not a unit'),
        (BoardEdit("add", "Bur", unit="A", power="SPAIN"), '"SPAIN" is not a power'),
        (BoardEdit("centre", "Bur", power="FRANCE"), "Burgundy is not a supply centre."),
        (BoardEdit("swap", "Bur"), '"swap" is not an edit'),
    ],
)
def test_it_names_the_problem(edit: BoardEdit, message: str) -> None:
    with pytest.raises(EditError, match=message.replace("(", r"\(").replace(")", r"\)")):
        apply_edit(start(), edit, GRAPH)
