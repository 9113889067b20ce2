"""A "PRESS TO" line naming a power thousands of times (found by
bench/cost_fuzz.py: 2,500 names on the pipe took 22 s of CPU): looking for
the longest name at each word tried every run of words to the line's end,
each joined afresh, so the line cost the cube of its length. No name is
longer than the longest power's, so no run longer is tried."""

from __future__ import annotations

import time

import pytest

from postoffice.inbound.commands import read_press_header

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_it_reads_a_line_of_many_names_in_linear_time() -> None:
    line = "PRESS TO " + " ".join(["FRANCE", "GERMANY"] * 1000)
    started = time.process_time()
    assert read_press_header(line, POWERS) == (("FRANCE", "GERMANY"), "")
    assert time.process_time() - started < 0.5


def test_it_still_names_an_unknown_name_in_full() -> None:
    with pytest.raises(ValueError, match='could not read "NARNIA WEST": not a power'):
        read_press_header("PRESS TO FRANCE NARNIA WEST, GERMANY", POWERS)


def test_it_still_reads_names_of_several_words() -> None:
    powers = ["NORTH SEA TRADERS", "NORTH", "FRANCE"]
    assert read_press_header("PRESS TO NORTH SEA TRADERS, FRANCE", powers)[0] == (
        "NORTH SEA TRADERS",
        "FRANCE",
    )
