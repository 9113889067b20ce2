"""The activation as a form: a row per token of the side, each with its place in
the order, an action, the squares entered and a target. It writes the text
notation (adjudication.battle.notation), so the web form, the text box and
email all reach the rules by one road; an error the notation finds is shown
on the row of the token it is about.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms

from adjudication.battle.notation import LineError

HOLD = "hold"
ACTIONS = [
    (HOLD, "hold"),
    ("move", "move"),
    ("attack", "attack"),
    ("charge", "charge (move, then attack +1)"),
    ("shoot", "shoot (RANGE)"),
    ("heal", "heal (HEAL)"),
]
WITH_SQUARES = {"move", "charge"}
WITH_TARGET = {"attack", "charge", "shoot", "heal"}


@dataclass(frozen=True)
class Row:
    """One token's fields, bound, for the template."""

    token: str
    order: forms.BoundField
    action: forms.BoundField
    squares: forms.BoundField
    target: forms.BoundField

    @property
    def errors(self) -> list[str]:
        return [*self.order.errors, *self.action.errors, *self.squares.errors, *self.target.errors]


def actions_for(powers: tuple[int, bool] | None) -> list[tuple[str, str]]:
    """The actions a token has: shoot only with RANGE, heal only with HEAL (``powers``
    is its RANGE and HEAL; None offers every action)."""
    if powers is None:
        return ACTIONS
    reach, heal = powers
    lacking = ({"shoot"} if not reach else set()) | ({"heal"} if not heal else set())
    return [(value, label) for value, label in ACTIONS if value not in lacking]


class TokenActivationForm(forms.Form):
    """``tokens``: the side's standing tokens, in battle order; ``targets``: every
    token the side's record shows (so nothing it cannot see is offered); ``powers``:
    each token's RANGE and HEAL, so that it is offered only the actions it has."""

    def __init__(
        self,
        *args: Any,
        tokens: Sequence[str],
        targets: Sequence[str],
        powers: Mapping[str, tuple[int, bool]] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("auto_id", "act_%s")
        super().__init__(*args, **kwargs)
        self.tokens = list(tokens)
        known = powers or {}
        count = max(len(self.tokens), 1)
        for place, token in enumerate(self.tokens, start=1):
            self.fields[f"order_{token}"] = forms.IntegerField(
                min_value=1, max_value=count, initial=place, label=f"{token}: place in the order"
            )
            self.fields[f"action_{token}"] = forms.ChoiceField(
                choices=actions_for(known.get(token)), initial=HOLD, label=f"{token}: action"
            )
            self.fields[f"squares_{token}"] = forms.CharField(
                required=False, max_length=200, label=f"{token}: squares entered"
            )
            self.fields[f"target_{token}"] = forms.ChoiceField(
                required=False,
                choices=[("", "")] + [(t, t) for t in targets if t != token],
                label=f"{token}: target",
            )

    def rows(self) -> list[Row]:
        return [self._row(token) for token in self.tokens]

    def _row(self, t: str) -> Row:
        return Row(
            t, self[f"order_{t}"], self[f"action_{t}"], self[f"squares_{t}"], self[f"target_{t}"]
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for token in self.tokens:
            self._check_row(token, data)
        return data

    def _check_row(self, token: str, data: dict[str, Any]) -> None:
        action = data.get(f"action_{token}")
        squares = (data.get(f"squares_{token}") or "").strip()
        target = data.get(f"target_{token}")
        if action in WITH_SQUARES and not squares:
            self.add_error(f"squares_{token}", f"{action} needs the squares entered, e.g. c3 d3")
        if action not in WITH_SQUARES and squares:
            self.add_error(f"squares_{token}", f"{action} enters no squares: leave them empty")
        if action in WITH_TARGET and not target:
            self.add_error(f"target_{token}", f"{action} needs a target")
        if action not in WITH_TARGET and target:
            self.add_error(f"target_{token}", f"{action} takes no target: leave it empty")

    def ordered(self) -> list[str]:
        """The tokens in the order chosen (ties keep the battle's order)."""
        data = self.cleaned_data
        places = {t: (data[f"order_{t}"], i) for i, t in enumerate(self.tokens)}
        return sorted(self.tokens, key=places.__getitem__)

    def notation(self) -> str:
        """One line a token, in the order chosen, as `parse_activation` reads it."""
        return "\n".join(self._line(token) for token in self.ordered())

    def _line(self, token: str) -> str:
        data = self.cleaned_data
        words = [token, data[f"action_{token}"], *data[f"squares_{token}"].split()]
        return " ".join([*words, data[f"target_{token}"] or ""]).strip()

    def add_line_errors(self, errors: Sequence[LineError]) -> None:
        """The notation's errors, each on the row of the line's token."""
        order = self.ordered()
        for error in errors:
            token = order[error.line - 1] if 0 < error.line <= len(order) else None
            if token is None:
                self.add_error(None, str(error))
            else:
                self.add_error(self._field_of(token, error.word), error.message)

    def _field_of(self, token: str, word: str) -> str:
        """The field that holds the word an error names."""
        data = self.cleaned_data
        if word.lower() in data[f"squares_{token}"].lower().split():
            return f"squares_{token}"
        if word == data[f"target_{token}"]:
            return f"target_{token}"
        return f"action_{token}"
