"""The battle picture: drawn from a side's record alone, the same bytes every time."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from adjudication.battle.knowledge_json import record_from_json, record_json
from adjudication.battle.squares import parse_square
from maps.battle import palette
from maps.battle.render import Layout, dice_lines, render_battle, render_battle_png
from tests.battle.pictures import TITLE, records


def pixel(record, square_name, dx=0.5, dy=0.5):
    image = render_battle(record, TITLE)
    layout = Layout(record)
    x, y = layout.corner(parse_square(square_name))
    return image.getpixel((int(x + layout.cell * dx), int(y + layout.cell * dy)))


def test_it_gives_the_same_bytes_every_time():
    red, _ = records()
    again = record_from_json(record_json(red))
    assert render_battle_png(red, TITLE) == render_battle_png(again, TITLE)
    assert Image.open(io.BytesIO(render_battle_png(red, TITLE))).format == "PNG"


def test_it_fogs_the_squares_the_side_does_not_see():
    red, master = records()
    fogged = palette.blend(palette.TERRAIN_COLOURS["normal"], palette.FOG, palette.FOG_ALPHA)
    assert pixel(red, "a10", 0.8, 0.5) == fogged
    assert pixel(red, "c2", 0.8, 0.5) == palette.TERRAIN_COLOURS["normal"]
    assert pixel(master, "a10", 0.8, 0.5) == palette.TERRAIN_COLOURS["normal"]


def test_it_shows_the_game_master_every_token():
    red, master = records()
    blue = palette.side_colour(master.sides, "blue")
    assert pixel(master, "j9", 0.5, 0.3) == blue
    assert pixel(red, "j9", 0.5, 0.3) != blue


def test_it_draws_hp_bars():
    _, master = records()
    # Orc-3 has 4 HP of 9: the bar is green on its left and red on its right.
    assert pixel(master, "j9", 0.2, 0.86) == palette.HP_FULL
    assert pixel(master, "j9", 0.8, 0.86) == palette.HP_LOST


def test_it_lists_the_dice_the_side_saw():
    red, master = records()
    assert dice_lines(red) == [
        "Orc-1 (blue) attacks Knight-1: attack 3 -> 6, defence 3 -> 7; 0 damage"
    ]
    assert len(dice_lines(master)) == 1


far = st.sampled_from([f"{c}{r}" for c in "hij" for r in (9, 10)])


@settings(max_examples=15, deadline=None)
@given(far, st.integers(1, 9), far, st.integers(1, 9))
def test_it_leaks_nothing_of_a_far_token_through_the_picture(at, hp, other_at, other_hp):
    one, _ = records(at, hp)
    other, _ = records(other_at, other_hp, far_path=("i10",) if other_at != "i10" else ())
    assert render_battle_png(one, TITLE) == render_battle_png(other, TITLE)


def test_it_would_show_the_far_token_to_the_game_master():
    _, one = records("j9", 4)
    _, other = records("h10", 4)
    assert render_battle_png(one, TITLE) != render_battle_png(other, TITLE)
