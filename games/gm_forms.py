"""Forms of the game master's tools: orders for a power, press, board edits, rollback.

They read and check what the game master typed; games.actions does the writing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from games.forms import power_choices


class OrdersForPowerForm(forms.Form):
    """The game master types a power's orders, one a line, as the player would."""

    power = forms.ChoiceField(label="Power")
    typed = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
        required=False,
        label="Orders",
        help_text="One order a line, e.g. A Par - Bur. The lines replace the power's orders.",
    )

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        power = self.fields["power"]
        assert isinstance(power, forms.ChoiceField)
        power.choices = power_choices(powers)

    def lines(self) -> list[str]:
        return [line for line in self.cleaned_data["typed"].splitlines() if line.strip()]
