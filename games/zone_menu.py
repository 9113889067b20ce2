"""The time zone menu: the zones grouped by region (Europe, America, ...),
written out directly, and marked for the page's script (static/js/fogdip.js)
to preselect the browser's own zone where nobody has chosen one yet."""

from __future__ import annotations

import functools
from typing import Any

from django import forms
from django.utils.safestring import SafeString, mark_safe
from markupsafe import escape  # as Jinja2 escapes, which draws Django's menu here

from games.models import time_zone_choices

# The tz database's regions, in the order the menu lists them; its other names
# (Etc/GMT+5, US/Eastern, single words) are old aliases, listed last as "Other".
REGIONS = (
    ("Europe", "Europe"),
    ("America", "America"),
    ("Africa", "Africa"),
    ("Asia", "Asia"),
    ("Australia", "Australia"),
    ("Pacific", "Pacific"),
    ("Atlantic", "Atlantic"),
    ("Indian", "Indian Ocean"),
    ("Antarctica", "Antarctica"),
    ("Arctic", "Arctic"),
)
OTHER = "Other"
# Set on the menu when nobody has chosen a zone: the script may pick the browser's.
BROWSER_ZONE = "data-browser-zone"

Choice = tuple[str, str]


@functools.cache
def zone_groups() -> tuple[tuple[str, Any], ...]:
    """UTC first, then (region, ((zone, place), ...)) for each region, then the rest."""
    regions: dict[str, list[Choice]] = {prefix: [] for prefix, _ in REGIONS}
    other: list[Choice] = []
    for zone, _ in time_zone_choices():
        prefix, _, place = zone.partition("/")
        if place and prefix in regions:
            regions[prefix].append((zone, place.replace("_", " ")))
        elif zone != "UTC":
            other.append((zone, zone))
    grouped = [(label, tuple(regions[prefix])) for prefix, label in REGIONS if regions[prefix]]
    return (("UTC", "UTC"), *grouped, (OTHER, tuple(other)))


class TimeZoneSelect(forms.Select):
    """The bytes Django's menu template draws under the Jinja2 form renderer
    (FORM_RENDERER), groups included, written out directly: drawing each of
    its ~600 options through a template cost some 50 ms on every page with
    the menu. A menu's lines are written once a process for its choices
    (zone_groups, for TimeZoneField), and each page marks its chosen zone."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        drawn, places = menu_lines(frozen(self.choices))
        lines = list(drawn)
        for zone in set(self.format_value(value)) & places.keys():
            at, label = places[zone]
            lines[at] = option(zone, label, {zone})
        own = "".join(
            f" {key}" if given is True else f' {key}="{escape(given)}"'
            for key, given in self.build_attrs(self.attrs, attrs).items()
            if given is not False
        )
        body = "".join(f"{NEWLINE}{line}" for line in lines)
        return mark_safe(f'<select name="{escape(name)}"{own}>{body}{NEWLINE}</select>')


NEWLINE = "\n"


def frozen(choices: Any) -> tuple[Any, ...]:
    """The choices as a key: tuples all the way down."""
    return tuple(
        (key, tuple(map(tuple, label)) if isinstance(label, (list, tuple)) else str(label))
        for key, label in choices
    )


@functools.lru_cache(maxsize=8)
def menu_lines(choices: tuple[Any, ...]) -> tuple[tuple[str, ...], dict[str, tuple[int, str]]]:
    """The menu's lines with nothing chosen, and each zone's line and label."""
    lines: list[str] = []
    places: dict[str, tuple[int, str]] = {}
    for key, label in choices:
        if isinstance(label, tuple):
            lines.append(f'  <optgroup label="{escape(key)}">')
            for zone, place in label:
                places[zone] = (len(lines), place)
                lines.append(option(zone, place, set()))
            lines.append("  </optgroup>")
        else:
            places[key] = (len(lines), str(label))
            lines.append(option(key, str(label), set()))
    return tuple(lines), places


def option(zone: str, label: str, chosen: set[str]) -> str:
    selected = " selected" if zone in chosen else ""
    return f'  <option value="{escape(zone)}"{selected}>{escape(label)}</option>'


class TimeZoneField(forms.ChoiceField):
    widget = TimeZoneSelect

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=zone_groups, initial="UTC", **kwargs)


def offer_browser_zone(form: forms.BaseForm, name: str = "time_zone") -> None:
    """Mark the menu of a form shown afresh whose zone nobody has chosen (UTC,
    the default), so the page's script preselects the browser's zone. A form
    sent back with errors keeps what the person picked."""
    chosen = form.initial.get(name, form.fields[name].initial)
    if not form.is_bound and chosen in (None, "", "UTC"):
        form.fields[name].widget.attrs[BROWSER_ZONE] = True
