"""Giving a seat to the caretaker, and practice games against caretakers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from games.forms.seats import OpenSeatForm
from games.models import Game, Preset


class CaretakerForm(OpenSeatForm):
    """The game master gives an empty seat, or one in civil disorder, to the caretaker."""

    id_pattern = "id_caretaker_%s"

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, powers=powers, **kwargs)
        self.fields["power"].label = "Let the caretaker play"


class PracticeForm(forms.Form):
    """A game against caretakers: the rule set to learn and the power to play."""

    preset = forms.ChoiceField(label="Rule set", choices=Preset.choices, initial=Preset.DC2005)
    power = forms.ChoiceField(
        label="Your power", choices=[(p, p.title()) for p in Game(preset=Preset.STANDARD).powers]
    )
