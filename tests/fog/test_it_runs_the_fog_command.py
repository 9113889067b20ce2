"""``python -m adjudication fog --rules PRESET``: JSON Lines in, reports out."""

import io
import json
import subprocess
import sys

import pytest

from adjudication.fog import cli

SPRING = {
    "phase": "S1901M",
    "units": {"GERMANY": ["A MUN"], "FRANCE": ["A PAR"]},
    "orders": {"GERMANY": ["A MUN - BUR"], "FRANCE": ["A PAR - BUR"]},
}


def run(monkeypatch, lines, *args):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = cli.main(list(args))
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_it_writes_one_report_per_power(monkeypatch):
    status, [answer] = run(monkeypatch, [json.dumps(SPRING)], "--rules", "dc2005")
    assert status == 0
    assert sorted(answer["reports"]) == [
        "AUSTRIA",
        "ENGLAND",
        "FRANCE",
        "GERMANY",
        "ITALY",
        "RUSSIA",
        "TURKEY",
    ]
    assert set(answer["reports"]["GERMANY"]) == {"sees", "units", "centers", "lines", "messages"}
    assert answer["reports"]["GERMANY"]["lines"] == ["A Mun - Bur (fails)", "A Par - Bur (fails)"]


@pytest.mark.parametrize(
    ("line", "word"),
    [
        ("not json", "bad JSON"),
        (json.dumps({"units": {}, "orders": {}}), '"phase"'),
        (json.dumps({**SPRING, "units": {"GERMANY": ["A XYZ"]}}), "XYZ"),
        (json.dumps({**SPRING, "orders": {"GERMANY": ["A MUN - QQQ"]}}), "QQQ"),
        (json.dumps({**SPRING, "control": ["PIE"]}), '"control"'),
    ],
)
def test_it_names_what_it_cannot_read(monkeypatch, line, word):
    status, answers = run(monkeypatch, [line, json.dumps(SPRING)], "--rules", "diplomyopia")
    assert status == 1
    assert word in answers[0]["error"]
    assert "reports" in answers[1]


def test_it_accepts_lower_case(monkeypatch):
    lower = json.loads(json.dumps(SPRING).lower().replace('"s1901m"', '"S1901M"'))
    status, [answer] = run(monkeypatch, [json.dumps(lower)], "--rules=saari1898")
    assert status == 0, answer
    assert answer["reports"]["GERMANY"]["units"]["GERMANY"] == ["A MUN"]


def test_it_refuses_an_unknown_preset(monkeypatch):
    status, answers = run(monkeypatch, [json.dumps(SPRING)], "--rules", "chess")
    assert status == 2
    assert answers == []


@pytest.mark.parametrize("module", ["adjudication.fog.cli", "adjudication"])
def test_it_runs_as_a_module(module):
    args = [sys.executable, "-m", module] + (["fog"] if module == "adjudication" else [])
    done = subprocess.run(
        [*args, "--rules", "standard"],
        input=json.dumps(SPRING) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "A Par - Bur (fails)" in json.loads(done.stdout)["reports"]["GERMANY"]["lines"]


def test_it_starts_from_the_opening_ownership_when_a_step_gives_no_centres(monkeypatch):
    """Munich is Germany's at the start, so Germany's centre watches moves into it."""
    step = {
        "phase": "S1901M",
        "units": {"GERMANY": ["F KIE"], "FRANCE": ["A BUR"]},
        "orders": {"GERMANY": ["F KIE - DEN"], "FRANCE": ["A BUR - MUN"]},
    }
    _, [answer] = run(monkeypatch, [json.dumps(step)], "--rules", "dc2005")
    germany = answer["reports"]["GERMANY"]
    assert germany["centers"]["GERMANY"] == ["BER", "KIE", "MUN"]
    assert any(line.startswith("A Bur - Mun") for line in germany["lines"])


def test_it_reads_listed_centres_as_the_whole_ownership(monkeypatch):
    step = {
        "phase": "S1901M",
        "units": {"GERMANY": ["F KIE"], "FRANCE": ["A BUR"]},
        "orders": {"GERMANY": ["F KIE - DEN"], "FRANCE": ["A BUR - MUN"]},
        "centers": {"GERMANY": ["KIE"]},
    }
    _, [answer] = run(monkeypatch, [json.dumps(step)], "--rules", "dc2005")
    germany = answer["reports"]["GERMANY"]
    assert germany["centers"]["GERMANY"] == ["KIE"]
    assert not any("Mun" in line for line in germany["lines"])
