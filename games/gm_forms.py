"""Forms of the game master's tools: press, board edits, rollback (orders for a power
use the players' own games.forms.OrdersForm).

They read and check what the game master typed; games.actions does the writing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from common.text import refuse_unstorable
from games.forms.console import DeadlineForm
from games.forms.seats import power_choices
from games.gateway import BoardEdit
from games.press.models import EVERYONE
from games.press.rules import MAX_BODY

NO_ONE = "Choose at least one power, or everyone."


class GameMasterPressForm(forms.Form):
    """A message from the game master to some powers, or to everyone."""

    recipients = forms.MultipleChoiceField(
        label="To", widget=forms.CheckboxSelectMultiple, error_messages={"required": NO_ONE}
    )
    body = forms.CharField(
        label="Message",
        max_length=MAX_BODY,
        validators=[refuse_unstorable],
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text='Signed "Game master"; each power chosen gets it on its press page and by email.',
    )

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        recipients = self.fields["recipients"]
        assert isinstance(recipients, forms.MultipleChoiceField)
        recipients.choices = [(EVERYONE, "Everyone"), *power_choices(powers)]


class BoardEditForm(forms.Form):
    """One change to the board of the open phase."""

    action = forms.ChoiceField(
        label="Change",
        choices=[
            ("move", "Move a unit"),
            ("add", "Add a unit"),
            ("remove", "Remove a unit"),
            ("centre", "Change a centre's owner"),
        ],
    )
    place = forms.CharField(
        label="Where",
        max_length=40,
        validators=[refuse_unstorable],
        help_text="The unit's province (for a new fleet on a split coast, the coast: StP/NC), "
        "or the centre.",
    )
    to = forms.CharField(
        label="Move to",
        max_length=40,
        required=False,
        validators=[refuse_unstorable],
        help_text="Moving only; StP/SC for a coast.",
    )
    unit = forms.ChoiceField(
        label="New unit", choices=[("A", "Army"), ("F", "Fleet")], required=False
    )
    power = forms.ChoiceField(
        label="Owner", required=False, help_text="Of a new unit, or of the centre (none: neutral)."
    )

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        power = self.fields["power"]
        assert isinstance(power, forms.ChoiceField)
        power.choices = [("", "none"), *power_choices(powers)]

    def edit(self) -> BoardEdit:
        data = self.cleaned_data
        return BoardEdit(data["action"], data["place"], data["to"], data["unit"], data["power"])


class RollbackForm(DeadlineForm):
    """The deadline of the phase that opens again, and a box that says the game
    master means it (the results already sent become void)."""

    confirm = forms.BooleanField(
        label="Roll back: the results sent for that phase become void",
        error_messages={"required": "Tick the box to confirm the rollback."},
    )
