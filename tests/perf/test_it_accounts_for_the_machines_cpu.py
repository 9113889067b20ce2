"""The burst bench's account of the whole machine's CPU (bench/burst/machine.py)."""

from __future__ import annotations

import sys

import pytest

from bench.burst.machine import Snapshot, program_of, report, snapshot, used_by_program

PYTHON = program_of("python3.11")


def taken(processes: dict[int, tuple[str, float]], busy: float = 0.0) -> Snapshot:
    return Snapshot(busy=busy, idle=0.0, processes=processes, own=0.0)


def test_a_process_alive_throughout_counts_what_it_used_in_between():
    before = taken({10: ("postgres", 5.0), 11: (PYTHON, 1.0)})
    after = taken({10: ("postgres", 7.5), 11: (PYTHON, 4.0)})
    assert used_by_program(before, after) == {"postgres": 2.5, PYTHON: 3.0}


def test_a_process_started_in_between_counts_all_its_time():
    before = taken({10: ("postgres", 5.0)})
    after = taken({10: ("postgres", 5.0), 12: ("postgres", 1.5)})
    assert used_by_program(before, after) == {"postgres": 1.5}


def test_a_process_that_ended_counts_through_its_parent():
    """A backend that ended: its time is now in the postmaster's children's."""
    before = taken({1: ("postgres", 1.0), 20: ("postgres", 4.0)})
    after = taken({1: ("postgres", 1.0 + 4.0 + 2.0)})
    assert used_by_program(before, after) == {"postgres": 2.0}


def test_postgres_processes_are_one_program_whatever_their_role():
    assert program_of("postgres: walwriter") == program_of("postgres") == "postgres"


def test_the_report_gives_each_programs_share_of_the_busy_time():
    before = taken({10: ("postgres", 0.0), 11: (PYTHON, 0.0)}, busy=0.0)
    after = taken({10: ("postgres", 30.0), 11: (PYTHON, 60.0)}, busy=100.0)
    lines = report(before, after, cores=2)
    assert "100 s busy" in lines[0]
    assert any("postgres" in line and "30 %" in line for line in lines)
    assert any(PYTHON in line and "60 %" in line for line in lines)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_it_reads_this_machine():
    first = snapshot()
    sum(number * number for number in range(2_000_000))
    second = snapshot()
    assert first is not None and second is not None
    assert second.own > first.own
    assert second.busy >= first.busy
