"""Every example of the rule documents, as data, run through the fog command.

Each case in tests/fog/data/*.json holds a step (docs/engine.md) and, per
power, the report fields it must equal (``expect``) or contain (``include``).
"""

import json
from pathlib import Path

import pytest

from adjudication.fog import get_preset
from adjudication.fog.cli import report_line

DATA = Path(__file__).parent / "data"
CASES = [case for path in sorted(DATA.glob("*.json")) for case in json.loads(path.read_text())]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_it_reports_what_the_document_says(case):
    answer = report_line(get_preset(case["rules"]), json.dumps(case["step"]))
    assert "error" not in answer, answer
    reports = answer["reports"]
    for power, fields in case.get("expect", {}).items():
        for name, wanted in fields.items():
            assert reports[power][name] == wanted, f"{power} {name}"
    for power, fields in case.get("include", {}).items():
        for name, wanted in fields.items():
            missing = [item for item in wanted if item not in reports[power][name]]
            assert not missing, f"{power} {name} lacks {missing}: {reports[power][name]}"
