from __future__ import annotations

from django import forms

from postoffice.models import EmailSettings


class EmailSettingsForm(forms.ModelForm):
    class Meta:
        model = EmailSettings
        fields = ["html", "reminders", "reminder_hours", "press"]
        help_texts = {
            "html": "Off: plain text, with the map attached as a file.",
            "reminder_hours": "Sent only when you have something to order and have not.",
            "press": "Off: read press on each game's press page only.",
        }

    def clean_reminder_hours(self) -> int:
        hours: int = self.cleaned_data["reminder_hours"]
        if not 1 <= hours <= 72:
            raise forms.ValidationError("Choose between 1 and 72 hours before the deadline.")
        return hours
