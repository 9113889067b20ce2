"""The battle picture's words read well: a combat's label never covers a token's
name or another label, a long name fits its disc, and a token that fell this turn
stays on its square, crossed out, instead of vanishing."""

from __future__ import annotations

from itertools import combinations

from adjudication.battle.knowledge import SideRecord, game_master_record
from adjudication.battle.squares import parse_square
from maps.battle import palette
from maps.battle.labels import overlaps, text_box, width_of
from maps.battle.render import Layout, _disc, plan_words, render_battle
from tests.battle.helpers import act, battle, shoot, token
from tests.battle.pictures import TITLE


def crowded() -> SideRecord:
    """Archers shooting over the tokens between them and their targets, so that each
    label's natural place (the middle of its arrow) is on a token's name."""
    start = battle(
        token("Archers-1", "red", "a1", range=4, att=6),
        token("Archers-2", "red", "c1", range=4, att=6),
        token("Wall-1", "red", "a3"),
        token("Wall-2", "red", "c3"),
        token("Orc-1", "blue", "a5", hp=9),
        token("Orc-2", "blue", "c5", hp=9),
        token("Orc-3", "blue", "b5", hp=9),
        width=10,
        height=10,
    )
    done = act(
        start, "red", shoot("Archers-1", "Orc-1"), shoot("Archers-2", "Orc-2"), dice=(6, 1, 6, 1)
    )
    return game_master_record(done.battle, 1, done)


def test_no_label_covers_a_name_or_another_label() -> None:
    record = crowded()
    plan = plan_words(record, Layout(record))
    names = [words.box for words in plan.names.values()]
    assert len(plan.labels) == 2
    for label in plan.labels:
        assert not any(overlaps(label.box, name) for name in names), label
    for one, other in combinations(plan.labels, 2):
        assert not overlaps(one.box, other.box)


def test_the_crowded_labels_had_to_move() -> None:
    """Where the labels would have gone (the middle of each arrow) covers a name: the
    test above checks a real conflict."""
    record = crowded()
    layout = Layout(record)
    plan = plan_words(record, layout)
    names = [words.box for words in plan.names.values()]
    for label, shooter, target in zip(plan.labels, ("a1", "c1"), ("a5", "c5"), strict=True):
        start, end = layout.centre(parse_square(shooter)), layout.centre(parse_square(target))
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        assert any(overlaps(text_box(middle, label.text, label.size), name) for name in names)
        assert label.at != middle


def test_a_long_name_fits_its_disc() -> None:
    start = battle(
        token("Heavy-Infantry-of-the-North-12", "red", "b2"),
        token("Orc-1", "blue", "e5"),
        width=30,
        height=30,
    )
    record = game_master_record(start, 0, None)
    layout = Layout(record)
    name = plan_words(record, layout).names["Heavy-Infantry-of-the-North-12"]
    left, _, right, _ = _disc(layout, parse_square("b2"))
    assert width_of(name.text, name.size) <= right - left
    assert name.text.startswith("Heav") and name.text.endswith(".")  # shortened, and says so
    assert plan_words(record, layout).names["Orc-1"].text == "Orc-1"  # a short name is whole


def test_a_token_that_fell_this_turn_is_marked_where_it_stood() -> None:
    start = battle(
        token("Archers-1", "red", "a1", range=4, att=9),
        token("Orc-1", "blue", "a4", hp=1, defence=0),
        token("Orc-2", "blue", "h8"),
    )
    done = act(start, "red", shoot("Archers-1", "Orc-1"), dice=(6, 1))
    record = game_master_record(done.battle, 1, done)
    assert "Orc-1" not in {t.id for t in record.tokens}  # fallen: not standing
    plan = plan_words(record, Layout(record))
    assert plan.fallen == (("Orc-1", parse_square("a4")),)
    assert "Orc-1" in plan.names
    layout = Layout(record)
    disc = _disc(layout, parse_square("a4"))
    corner = (int(disc[0] + 5), int(disc[1] + 5))  # on the cross, clear of the name
    assert render_battle(record, TITLE).getpixel(corner) == palette.FALLEN
