"""Writing press: to whom, signed as whom, and the text."""

from __future__ import annotations

from typing import Any

from django import forms

from common.text import refuse_unstorable
from games.press.models import EVERYONE
from games.press.rules import MAX_BODY, sender_label


class PressForm(forms.Form):
    """A message: to whom, signed as whom (where the press mode lets the
    sender choose), and what. The rules themselves are checked by send_press."""

    recipients = forms.MultipleChoiceField(
        widget=forms.CheckboxSelectMultiple,
        label="To",
        error_messages={"required": "Choose who receives the message."},
    )
    shown_as = forms.ChoiceField(label="Send as")
    body = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5, "maxlength": MAX_BODY}),
        max_length=MAX_BODY,
        validators=[refuse_unstorable],
        label="Message",
        error_messages={"required": "Write a message before sending."},
    )

    def __init__(self, power: str, powers: list[str], signatures: list[str], *args: Any) -> None:
        super().__init__(*args)
        self.power = power
        self.choice_field("recipients").choices = [(EVERYONE, "Everyone")] + [
            (p, f"{p.title()} (you)" if p == power else p.title()) for p in powers
        ]
        shown_as = self.choice_field("shown_as")
        shown_as.choices = [(s, self.signature_label(s)) for s in signatures]
        shown_as.initial = power
        if len(signatures) < 2:
            del self.fields["shown_as"]  # white press: always signed

    def choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field

    def signature_label(self, shown_as: str) -> str:
        if shown_as == self.power:
            return f"{shown_as.title()} (signed, your own name)"
        return sender_label(shown_as)

    def chosen_signature(self) -> str:
        return str(self.cleaned_data.get("shown_as") or self.power)
