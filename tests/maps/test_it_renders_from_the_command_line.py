"""python -m maps render: a record in, a PNG out, clear errors for bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from maps.cli import main
from tests.maps.helpers import RECORDS

GERMANY = RECORDS / "germany_f1901m.json"
ROOT = Path(__file__).resolve().parents[2]


def test_it_writes_a_png_file(tmp_path):
    out = tmp_path / "map.png"
    assert main(["render", str(GERMANY), "-o", str(out), "--title", "Game 12"]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")


def test_it_honours_the_width(tmp_path):
    out = tmp_path / "map.png"
    assert main(["render", str(GERMANY), "-o", str(out), "--width", "600"]) == 0
    assert out.read_bytes()[16:20] == (600).to_bytes(4, "big")


def test_it_reads_stdin_and_writes_stdout():
    done = subprocess.run(
        [sys.executable, "-m", "maps", "render", "--title", "Game 12"],
        input=GERMANY.read_bytes(),
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("", "stdin is empty"),
        ("{", "stdin is not JSON: Expecting property name"),
        ("[]", "expected a JSON object, got list"),
        ('{"power": "GERMANY", "phase": "F1901M"}', "record.sees: missing"),
    ],
)
def test_bad_input_names_the_problem(monkeypatch, capsys, given, expected):
    monkeypatch.setattr(sys, "stdin", _Text(given))
    assert main(["render", "-o", "/dev/null"]) == 2
    error = capsys.readouterr().err
    assert expected in error
    assert "Traceback" not in error


def test_a_bad_record_file_is_named(tmp_path, capsys):
    record = json.loads(GERMANY.read_text())
    record["units"]["GERMANY"] = ["A XYZ"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["render", str(path), "-o", str(tmp_path / "x.png")]) == 2
    assert "record.units.GERMANY[0]: unknown province 'XYZ'" in capsys.readouterr().err


def test_a_missing_file_and_a_silly_width_are_refused(tmp_path, capsys):
    assert main(["render", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:  # a usage error: argparse exits
        main(["render", str(GERMANY), "--width", "5"])
    assert refused.value.code == 2
    assert "--width: must be between 300 and 4000" in capsys.readouterr().err


class _Text:
    def __init__(self, text: str) -> None:
        self.text = text

    def read(self) -> str:
        return self.text
