"""The rule sets a game master can pick are the fog rules' own registry."""

from __future__ import annotations

from adjudication.fog import FOG_PRESETS, FULL_INFORMATION, PRESETS
from games.models import Game, Preset


def test_the_game_presets_are_the_registrys():
    assert sorted(Preset.values) == sorted(PRESETS)


def test_a_game_is_fogged_exactly_under_a_fog_preset():
    fogged = {name for name in Preset.values if Game(preset=name).is_fogged}
    assert fogged == set(FOG_PRESETS)
    assert not Game(preset=FULL_INFORMATION).is_fogged
