"""A refused form is shown again with what was sent; a press message or a game
master's message of 100,000 characters (found by bench/cost_fuzz.py) came back
whole in its box, a 200 KB answer to a 100 KB post. What a box echoes is cut
one past its field's bound, so sent back it still fails."""

from __future__ import annotations

from django.http import QueryDict

from games.forms.press import PressForm
from games.gm_forms import GameMasterPressForm
from games.press.rules import MAX_BODY

LONG = "\U0001f600" * 100_000


def posted(**values: str) -> QueryDict:
    data = QueryDict(mutable=True)
    data.update(values)
    return data


def test_the_press_box_echoes_at_most_one_past_its_bound() -> None:
    form = PressForm("FRANCE", ["FRANCE", "GERMANY"], ["FRANCE"], posted(body=LONG))
    assert not form.is_valid() and "body" in form.errors
    drawn = str(form["body"])
    assert drawn.count("\U0001f600") == MAX_BODY + 1, len(drawn)


def test_the_game_masters_box_echoes_at_most_one_past_its_bound() -> None:
    form = GameMasterPressForm(posted(body=LONG, recipients="EVERYONE"), powers=["FRANCE"])
    assert not form.is_valid() and "body" in form.errors
    assert str(form["body"]).count("\U0001f600") == MAX_BODY + 1


def test_a_value_within_its_bound_is_echoed_whole() -> None:
    form = PressForm("FRANCE", ["FRANCE", "GERMANY"], ["FRANCE"], posted(body="Hello <b>"))
    assert "Hello &lt;b&gt;</textarea>" in str(form["body"])
