"""The Jinja2 environment of the templates under templates/jinja2/ and each app's jinja2/.

They are written to read as Django's would: the same filters by the same
names (Django's own functions, so a date or a plural reads the same on every
page), {{ link(...) }} for {% link %}, {{ static(...) }} for {% static %}
(remembered, as {% asset %} does), {{ map_legend(preset) }} for
{% map_legend preset %}.
Django's pages draw them with {% jinja "name" %} (fogdip/templatetags/fogdip.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.template import defaultfilters
from django.templatetags.tz import do_timezone, utc
from django.utils import timezone
from jinja2 import ChainableUndefined, Environment

from adjudication.vocabulary import phase_label
from fogdip.templatetags.fogdip import asset, link, order_select
from games.map_legend import map_legend


def environment(**options: Any) -> Environment:
    # A missing value draws as nothing, as in Django's templates, in every
    # mode: Django would pick a debugging Undefined under DEBUG, which
    # changes the page between the development server and production.
    options["undefined"] = ChainableUndefined
    env = Environment(**options)
    env.globals.update(
        link=link,
        static=asset,
        order_select=order_select,
        map_legend=map_legend,
        current_time_zone=timezone.get_current_timezone_name,
    )
    env.filters.update(
        date=date,
        utc=utc,
        timezone=in_zone,
        timeuntil=defaultfilters.timeuntil_filter,
        title=defaultfilters.title,
        pluralize=defaultfilters.pluralize,
        phase_label=phase_label,
    )
    return env


def date(value: datetime | None, format_string: str | None = None) -> str:
    """Django's date filter, shown in the reader's time zone as Django's
    engine does before it calls the filter (a |utc or |timezone value keeps
    its own zone)."""
    try:
        local = timezone.template_localtime(value)  # type: ignore[attr-defined]  # not in the stubs
    except OverflowError:  # a moment past year 9999 in the reader's zone: shown in UTC
        local = value
    return defaultfilters.date(local, format_string)


def in_zone(value: datetime | None, zone: str) -> datetime | str | None:
    """Django's timezone filter; a moment past year 9999 in that zone stays
    in its own (a deadline set that far before deadlines were bounded)."""
    try:
        shown: datetime | str | None = do_timezone(value, zone)
    except OverflowError:
        return value
    return shown
