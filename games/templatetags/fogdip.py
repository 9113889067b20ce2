"""Template filters for the game pages."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.forms import BoundField
from django.utils.html import format_html, format_html_join

from adjudication.vocabulary import phase_label

register = template.Library()
register.filter("phase_label", phase_label)


@register.simple_tag
def order_select(field: BoundField) -> str:
    """One order row's menu, as Django's Select draws it but in one pass: a
    unit's menu holds every move, support and convoy, and drawing each option
    through the widget's own template was most of the order page's time."""
    chosen = str(field.value() or "")
    options = format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        (
            (value, " selected" if str(value) == chosen else "", label)
            for value, label in choices(field)
        ),
    )
    return format_html(
        '<select name="{}" id="{}">{}</select>', field.html_name, field.auto_id, options
    )


def choices(field: BoundField) -> Iterable[tuple[object, object]]:
    return field.field.choices  # type: ignore[attr-defined]
