"""The time zone menu: the zones grouped by region (Europe, America, ...),
written out directly, and marked for the page's script (static/js/fogdip.js)
to preselect the browser's own zone where nobody has chosen one yet."""

from __future__ import annotations

import functools
import importlib.resources
import zoneinfo
from collections.abc import Iterable, Iterator
from typing import Any, cast

from django import forms
from django.utils.choices import BaseChoiceIterator, normalize_choices
from django.utils.safestring import SafeString, mark_safe
from markupsafe import escape  # as Jinja2 escapes, which draws Django's menu here


@functools.cache
def time_zone_choices() -> tuple[tuple[str, str], ...]:
    """Read once a process: listing the zones walks the whole tz database on
    disk (about a tenth of a second), and every page with a time zone field
    asked for it afresh."""
    return tuple((name, name) for name in sorted(zoneinfo.available_timezones()))


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
    for zone in menu_zones():
        prefix, _, place = zone.partition("/")
        if place and prefix in regions:
            regions[prefix].append((zone, place.replace("_", " ")))
        elif zone != "UTC":
            other.append((zone, zone))
    grouped = [(label, tuple(regions[prefix])) for prefix, label in REGIONS if regions[prefix]]
    rest = ((OTHER, tuple(other)),) if other else ()
    return (("UTC", "UTC"), *grouped, *rest)


@functools.cache
def menu_zones() -> tuple[str, ...]:
    """The zones a person picks from: one a place where clocks have kept one
    rule (the tz database's zone.tab, as the tzdata package ships it), so the
    menu has neither aliases (Europe/Kiev beside Europe/Kyiv, US/Eastern) nor
    zones that name no place (Factory, localtime, Etc/GMT+1, whose sign is the
    reverse of what it reads). Any zone Python knows is still accepted."""
    table = importlib.resources.files("tzdata.zoneinfo").joinpath("zone.tab").read_text()
    rows = (line.split("\t") for line in table.splitlines() if line and line[0] != "#")
    return tuple(sorted(row[2] for row in rows if len(row) > 2))


@functools.cache
def normalized_zone_groups() -> list[tuple[str, Any]]:
    """zone_groups as Django normalizes a field's choices, done once a process."""
    return cast(list[tuple[str, Any]], normalize_choices(zone_groups()))


class ZoneChoices(BaseChoiceIterator):
    """The menu's choices as Django's CallableChoiceIterator(zone_groups) gives
    them, normalized once: Django walked all ~600 zones again each time a form
    was checked or drawn (some 2 ms a sign-up page)."""

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        yield from normalized_zone_groups()


class TimeZoneSelect(forms.Select):
    """The bytes Django's menu template draws under the Jinja2 form renderer
    (FORM_RENDERER), groups included, written out directly: drawing each of
    its ~600 options through a template cost some 50 ms on every page with
    the menu."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        chosen = frozenset(self.format_value(value))
        if isinstance(self.choices, ZoneChoices):
            body = zone_menu_options(chosen)
        else:
            body = options(self.choices, chosen)
        own = "".join(
            f" {key}" if given is True else f' {key}="{escape(given)}"'
            for key, given in self.build_attrs(self.attrs, attrs).items()
            if given is not False
        )
        return mark_safe(f'<select name="{escape(name)}"{own}>{body}{NEWLINE}</select>')


NEWLINE = "\n"


@functools.lru_cache(maxsize=64)
def zone_menu_options(chosen: frozenset[str]) -> str:
    """The zone menu's options with ``chosen`` selected, kept: they depend on
    nothing else (the zones are read once a process), and writing ~600 of them
    afresh was half of the sign-up page's time."""
    return options(ZoneChoices(), chosen)


def options(choices: Iterable[tuple[str, Any]], chosen: frozenset[str]) -> str:
    """Every option, each on a line of its own, groups included."""
    lines = []
    for key, label in choices:
        if isinstance(label, (list, tuple)):
            lines.append(f'  <optgroup label="{escape(key)}">')
            lines.extend(option(zone, place, chosen) for zone, place in label)
            lines.append("  </optgroup>")
        else:
            lines.append(option(key, str(label), chosen))
    return "".join(f"{NEWLINE}{line}" for line in lines)


def option(zone: str, label: str, chosen: frozenset[str]) -> str:
    selected = " selected" if zone in chosen else ""
    return f'  <option value="{escape(zone)}"{selected}>{escape(label)}</option>'


class TimeZoneField(forms.ChoiceField):
    widget = TimeZoneSelect

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=ZoneChoices(), initial="UTC", **kwargs)

    def valid_value(self, value: Any) -> bool:
        """Any zone Python knows: the menu offers fewer (menu_zones), but a
        zone saved before, or sent by a script, is still a zone."""
        return value in known_zones()


@functools.cache
def known_zones() -> frozenset[str]:
    return frozenset(zone for zone, _ in time_zone_choices())


def offer_browser_zone(form: forms.BaseForm, name: str = "time_zone") -> None:
    """Mark the menu of a form shown afresh whose zone nobody has chosen (UTC,
    the default), so the page's script preselects the browser's zone. A form
    sent back with errors keeps what the person picked."""
    chosen = form.initial.get(name, form.fields[name].initial)
    if not form.is_bound and chosen in (None, "", "UTC"):
        form.fields[name].widget.attrs[BROWSER_ZONE] = True
