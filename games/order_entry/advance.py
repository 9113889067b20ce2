"""The 1989 rules' lists sent with the movement orders: retreats and adjustments.

``"Albania if Ser empty, ADR"`` becomes ``["ALB IF SER EMPTY", "ADR"]`` and
``"Spa/nc, Por"`` becomes ``["SPA/NC", "POR"]`` (a coast is kept); an
adjustment line is a build or removal with an optional IF condition. Each
entry that cannot be read comes back as a CheckedLine naming the word.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudication.fog.advance import Entry, read_entry
from adjudication.mapgraph import MapGraph, province_of
from adjudication.parsing import ParseError, parse_location
from games.order_entry.lines import CheckedLine, as_typed, check_line, province_code


def read_retreat_list(board: MapGraph, text: str) -> list[str]:
    """``"Albania if Ser empty, ADR"`` -> ``["ALB IF SER EMPTY", "ADR"]``; ValueError
    names the word that is not a province."""
    return [_retreat_entry(board, part) for part in text.split(",") if part.strip()]


def _retreat_entry(board: MapGraph, text: str) -> str:
    entry = read_entry(text)
    body = retreat_place(board, entry.text, text)
    if entry.province is None:
        return body
    return f"{body} IF {province_code(board, entry.province, text)} {_condition_word(entry)}"


def retreat_place(board: MapGraph, word: str, typed: str = "") -> str:
    """Where a retreat list entry goes: a province, or one coast of it for a
    fleet ("Spa/nc", "Spain north coast" -> "SPA/NC"); ValueError quotes the
    word as typed."""
    try:
        place = parse_location(word, board)
    except ParseError:
        return province_code(board, word, typed)
    province = province_of(place)
    if "/" in place and place not in board.fleet_locations(province):
        name = board.provinces[province].name
        raise ValueError(
            f'could not read "{as_typed(word.strip(), typed)}": {name} has no such coast'
        )
    return place


def read_adjustment_list(
    board: MapGraph, lines: Sequence[str], own_units: list[str]
) -> list[CheckedLine]:
    """Builds and removals in priority order, each with an optional IF condition."""
    return [_adjustment_entry(board, line, own_units) for line in lines if line.strip()]


def _adjustment_entry(board: MapGraph, text: str, own_units: list[str]) -> CheckedLine:
    entry = read_entry(text)
    checked = check_line(board, entry.text, own_units, "A")
    if not checked.ok or entry.province is None:
        return CheckedLine(text, checked.order, checked.error)
    try:
        condition = f"IF {province_code(board, entry.province, text)} {_condition_word(entry)}"
    except ValueError as error:
        return CheckedLine(text, error=str(error))
    return CheckedLine(text, order=f"{checked.order} {condition}")


def _condition_word(entry: Entry) -> str:
    return "OCCUPIED" if entry.wants_occupied else "EMPTY"


def read_lists(
    board: MapGraph,
    retreat_lists: Mapping[str, str],
    adjustment_lines: Sequence[str],
    units: list[str],
) -> tuple[dict[str, Any], list[CheckedLine]]:
    """The saved lists (``retreat_lists``, ``adjustment_lists``) in the rules'
    notation, and every entry that could not be read."""
    retreats, problems = {}, []
    for unit, text in retreat_lists.items():
        try:
            entries = read_retreat_list(board, text)
        except ValueError as error:
            problems.append(CheckedLine(f"{unit} retreats: {text}", error=str(error)))
            continue
        if entries:
            retreats[unit] = entries
    adjustments = read_adjustment_list(board, adjustment_lines, units)
    extras: dict[str, Any] = {"retreat_lists": retreats} if retreats else {}
    if adjustments:
        extras["adjustment_lists"] = [line.order for line in adjustments if line.ok]
    return extras, problems + [line for line in adjustments if not line.ok]
