"""The caretaker's ballot is a function of the proposal's kind, nothing else."""

import ast
import inspect

from caretaker import ballots
from caretaker.ballots import CONCESSION, DRAW, ballot_on


def test_it_accepts_every_draw_and_refuses_every_concession():
    assert ballot_on(DRAW) is True
    assert ballot_on(CONCESSION) is False
    assert ballot_on("anything else") is False


def test_it_is_given_the_kind_alone_and_reads_nothing_else():
    assert list(inspect.signature(ballot_on).parameters) == ["kind"]
    tree = ast.parse(inspect.getsource(ballots))
    imported = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert [getattr(n, "module", None) for n in imported] == ["__future__"]
