"""Over the API the caretaker reads its seat's few records before the current one, and
nothing else, to know where its moves bounced: after two bounces in a row on Rumania,
`python -m caretaker` sends no third move there."""

from __future__ import annotations

import json

from tests.caretaker.records import move, record
from tests.caretaker.test_it_says_why_a_pass_failed import (
    GAME,
    address,
    answer,
    site,
    take_a_pass,
)

__all__ = ["site"]

AUSTRIA = {
    "status": "active",
    "role": "player",
    "power": "AUSTRIA",
    "phase": {"name": "F1903M", "status": "open"},
}


def _austria(phase: str, result: str) -> dict:
    return record(
        "AUSTRIA",
        {"AUSTRIA": ["A BUD"], "RUSSIA": ["F SEV"]},
        {"AUSTRIA": ["BUD", "SER", "TRI", "VIE"]},
        phase,
        orders=[move("AUSTRIA", "A BUD", "RUM", result)],
    )


def test_it_reads_its_last_records_and_sends_no_third_bounce(site):
    entries = [{"ordinal": n, "phase": p} for n, p in enumerate(["SETUP", "F1902M", "W1902A"])]
    entries += [{"ordinal": 3, "phase": "S1903M"}]
    answer(site, f"GET {GAME}", 200, AUSTRIA)
    answer(site, f"GET {GAME}/records", 200, entries)
    answer(site, f"GET {GAME}/records/0", 200, _austria("SETUP", "success") | {"orders": []})
    answer(site, f"GET {GAME}/records/1", 200, _austria("F1902M", "fail"))
    answer(site, f"GET {GAME}/records/2", 200, _austria("W1902A", "success") | {"orders": []})
    answer(site, f"GET {GAME}/record", 200, _austria("S1903M", "fail"))
    answer(site, f"POST {GAME}/orders", 200, {"phase": "F1903M", "saved": True})
    answer(site, f"POST {GAME}/ready", 200, {"phase": "F1903M", "ready": True})
    done = take_a_pass(address(site))
    assert done.returncode == 0, done.stderr
    reads = [asked for asked in site.asked if asked.startswith("GET")]
    assert reads == [
        f"GET {GAME}",
        f"GET {GAME}/records",
        f"GET {GAME}/records/0",
        f"GET {GAME}/records/1",
        f"GET {GAME}/records/2",
        f"GET {GAME}/record",
    ]
    orders = json.loads(site.sent[f"{GAME}/orders"])["orders"]
    assert orders and not [o for o in orders if o.endswith("RUM")], orders


def test_the_same_records_give_the_same_orders_on_a_second_pass(site):
    answer(site, f"GET {GAME}", 200, AUSTRIA)
    answer(site, f"GET {GAME}/records", 200, [{"ordinal": 0, "phase": "S1903M"}])
    answer(site, f"GET {GAME}/record", 200, _austria("S1903M", "fail"))
    answer(site, f"POST {GAME}/orders", 200, {"phase": "F1903M", "saved": True})
    answer(site, f"POST {GAME}/ready", 200, {"phase": "F1903M", "ready": True})
    assert take_a_pass(address(site)).returncode == 0
    first = site.sent[f"{GAME}/orders"]
    assert take_a_pass(address(site)).returncode == 0
    assert site.sent[f"{GAME}/orders"] == first
