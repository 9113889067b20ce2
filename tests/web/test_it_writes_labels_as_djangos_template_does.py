"""games.form_rendering writes a field's label itself; every kind of label
the site draws is byte for byte what Django's Jinja2 label template draws."""

from __future__ import annotations

import pytest
from django import forms
from django.forms.renderers import Jinja2
from django.utils.safestring import mark_safe

from games.form_rendering import FormRenderer


class Sample(forms.Form):
    required_css_class = "needed"

    name = forms.CharField(label="Your <name> & 'nick'")
    asked = forms.CharField(label="Ready?", required=False)
    plain = forms.CharField(required=False, label_suffix=" →")
    ticked = forms.BooleanField(required=False, label='Tick "this"')
    own_id = forms.CharField(widget=forms.TextInput(attrs={"id": "chosen"}), required=False)
    pick = forms.ChoiceField(choices=[("a", "A")], widget=forms.RadioSelect)
    picks = forms.MultipleChoiceField(choices=[("a", "A")], widget=forms.CheckboxSelectMultiple)


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
