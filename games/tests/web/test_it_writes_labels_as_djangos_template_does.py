"""common.form_rendering writes a field's label, its one-line inputs and its
text areas itself; every kind the site draws is byte for byte what Django's
Jinja2 templates draw, empty, filled with text that needs escaping, and sent
back with errors."""

from __future__ import annotations

import pytest
from django import forms
from django.forms.renderers import Jinja2
from django.utils.safestring import mark_safe

from common.form_rendering import FormRenderer


class Sample(forms.Form):
    required_css_class = "needed"

    name = forms.CharField(label="Your <name> & 'nick'")
    asked = forms.CharField(label="Ready?", required=False)
    plain = forms.CharField(required=False, label_suffix=" →")
    ticked = forms.BooleanField(required=False, label='Tick "this"')
    own_id = forms.CharField(widget=forms.TextInput(attrs={"id": "chosen"}), required=False)
    pick = forms.ChoiceField(choices=[("a", "A")], widget=forms.RadioSelect)
    picks = forms.MultipleChoiceField(choices=[("a", "A")], widget=forms.CheckboxSelectMultiple)
    when = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), required=False)
    count = forms.IntegerField(required=False, min_value=0)
    address = forms.EmailField(required=False)
    secret = forms.CharField(widget=forms.PasswordInput(render_value=True), required=False)
    hidden = forms.CharField(widget=forms.HiddenInput, required=False)
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}), required=False
    )
    link = forms.URLField(required=False, assume_scheme="https")
    at = forms.TimeField(required=False)


def labels(renderer, **form_options) -> list[str]:
    form = Sample(renderer=renderer, **form_options)
    drawn = []
    for field in form:
        drawn += [
            field.label_tag(),
            field.label_tag(attrs={"class": "x", "data-on": True, "hidden": False}),
            field.label_tag(contents=mark_safe("<b>bold</b>"), label_suffix=""),
            field.legend_tag(),
        ]
    return [str(label) for label in drawn]


@pytest.mark.parametrize("form_options", [{}, {"auto_id": False}, {"label_suffix": ""}])
def test_every_label_is_djangos(form_options):
    ours = labels(FormRenderer(), **form_options)
    assert ours == labels(Jinja2(), **form_options)
    assert any("&lt;name&gt;" in label for label in ours)


FILLED = {
    "name": 'O\'Brien <"the bold"> & co',
    "ticked": "on",
    "when": "2026-11-28",
    "count": "not a number",
    "address": "a@b",
    "secret": "<s>",
    "hidden": 'x"y',
    "text": "line one\n<b>two</b> & 'three'\n",
    "link": "http://example.com/?a=1&b=2",
    "at": "12:00",
}


def widgets(renderer, data) -> list[str]:
    form = Sample(data, renderer=renderer, initial={"text": "first\nsecond"})
    return [str(field) for field in form] + [form.as_div()]


@pytest.mark.parametrize("data", [None, FILLED, {"text": "", "name": ""}])
def test_every_widget_is_djangos(data):
    ours = widgets(FormRenderer(), data)
    assert ours == widgets(Jinja2(), data)
    assert any("<textarea" in widget for widget in ours)
