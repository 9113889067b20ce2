"""The orders form: a menu row per unit, the typed box, and the rule set's extra lists."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.datastructures import MultiValueDict

from common.text import refuse_unstorable
from games.order_entry import OrderRow, PlayerInput, sheet_problem, text_problem
from games.order_entry.bounds import MAX_LIST_CHARS, MAX_TEXT_CHARS

NO_ORDER = ("", "(no order)")
BOXES = ("typed", "adjustments")  # the fields of many lines
AT_MOST = {"max_length": "At most %(limit_value)d characters are read here."}


class MenuField(forms.ChoiceField):
    """A ChoiceField over a flat menu of (value, label) strings, kept as
    given: Django normalises every choices list it is handed, option by
    option, and the order menus (every move, support and convoy of each
    unit) were a twentieth of the game page's CPU doing it each time."""

    @property
    def choices(self) -> Any:
        return self._choices

    @choices.setter
    def choices(self, value: Any) -> None:
        # The widget's own setter would normalise them again.
        self._choices = self.widget._choices = value


class OrdersForm(forms.Form):
    """One choice per own unit (or per build / removal), plus free text."""

    typed = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false", "autocomplete": "off"}),
        max_length=MAX_TEXT_CHARS,
        validators=[refuse_unstorable],
        error_messages=AT_MOST,
        required=False,
        label="Or type orders",
        help_text="One order a line, e.g. A Par - Bur, F Lon S F Nth - Eng. Typed lines win.",
    )

    def __init__(self, rows: Sequence[OrderRow], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.data = clipped(self.data)
        self.row_names: list[str] = []
        self.retreat_units: dict[str, str] = {}
        for index, (label, initial, choices) in enumerate(rows):
            name = f"row_{index}"
            self.fields[name] = MenuField(
                choices=(NO_ORDER, *choices), required=False, label=label, initial=initial
            )
            self.row_names.append(name)

    def add_advance_fields(
        self, units: list[str], with_adjustments: bool, saved: dict[str, Any]
    ) -> None:
        """The 1989 rules: a retreat list per unit, and in Fall the adjustment list."""
        lists = saved.get("retreat_lists", {})
        self.retreat_units = {f"retreat_{i}": unit for i, unit in enumerate(units)}
        for name, unit in self.retreat_units.items():
            self.fields[name] = forms.CharField(
                required=False,
                max_length=MAX_LIST_CHARS,
                validators=[refuse_unstorable],
                error_messages=AT_MOST,
                label=f"If {unit} is dislodged, retreat to",
                initial=", ".join(lists.get(unit, [])),
                widget=forms.TextInput(attrs={"placeholder": "e.g. Bur IF Mun EMPTY, Gas"}),
            )
        if with_adjustments:
            self.fields["adjustments"] = forms.CharField(
                required=False,
                max_length=MAX_TEXT_CHARS,
                validators=[refuse_unstorable],
                error_messages=AT_MOST,
                label="Builds and removals, in order of priority",
                initial="\n".join(saved.get("adjustment_lists", [])),
                widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
                help_text="One a line, e.g. A Par B, F Bre B IF Eng OCCUPIED, A Mun D.",
            )

    def clean_typed(self) -> str:
        return self._lines_read("typed")

    def clean_adjustments(self) -> str:
        return self._lines_read("adjustments")

    def _lines_read(self, name: str) -> str:
        """A box of many lines, refused whole when it is over its bounds."""
        text = str(self.cleaned_data.get(name, ""))
        if problem := text_problem(text):
            raise forms.ValidationError(problem)
        return text

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors and (problem := sheet_problem(self.player_input())):
            raise forms.ValidationError(problem)
        return cleaned

    def rows(self) -> list[forms.BoundField]:
        return [self[name] for name in self.row_names]

    def advance_fields(self) -> list[forms.BoundField]:
        names = [*self.retreat_units, "adjustments"]
        return [self[name] for name in names if name in self.fields]

    def player_input(self) -> PlayerInput:
        """What the player picked and typed, for games.order_entry to read."""
        data = self.cleaned_data
        units = self.retreat_units
        lists = {unit: data[name] for name, unit in units.items() if data.get(name, "").strip()}
        chosen = [data[name] for name in self.row_names if data[name].strip()]
        typed = [line for line in data["typed"].splitlines() if line.strip()]
        return PlayerInput(
            lines=tuple(typed),
            picks=tuple(chosen),
            retreat_lists=lists,
            adjustment_lines=tuple(data.get("adjustments", "").splitlines()),
        )


def clipped(data: Any) -> Any:
    """The posted values cut just past their bound: a refusal shows the form
    again with what was sent (in the box, or quoted by a menu's error), so
    what it echoes must be bounded too. One past the bound still fails it."""
    if not isinstance(data, MultiValueDict):
        return data
    cut = data.copy()
    for name, values in data.lists():
        most = (MAX_TEXT_CHARS if name in BOXES else MAX_LIST_CHARS) + 1
        if any(len(value) > most for value in values):
            cut.setlist(name, [value[:most] for value in values])
    return cut
