"""Template filters for the game pages."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from django import template
from django.forms import BoundField
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html, format_html_join

from adjudication.vocabulary import phase_label

register = template.Library()
register.filter("phase_label", phase_label)


@register.simple_tag
def link(name: str, *args: Any) -> str:
    """{% url name args %} for the links every page draws, remembered: a
    route's path for the same arguments cannot change while the process runs
    (its script prefix and URLconf are part of the key), and reversing each
    afresh was a tenth of the game page's CPU."""
    return _reversed(get_script_prefix(), get_urlconf(), name, args)


@functools.lru_cache(maxsize=4096)
def _reversed(prefix: str, urlconf: Any, name: str, args: tuple[Any, ...]) -> str:
    del prefix  # a key only: reverse() reads the current prefix itself
    return reverse(name, urlconf=urlconf, args=args)


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
