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

from django.core.cache import caches
from django.template import defaultfilters
from django.templatetags.tz import do_timezone, utc
from django.utils import timezone
from jinja2 import ChainableUndefined, Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

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
        kept=kept,
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


# Where the page's CSRF field stands in a kept piece: it is masked afresh on
# every page, so a piece is kept with this mark and the page's field put in
# its place. Drawn text is escaped, so only the template's own markup can
# hold a "<" and the mark cannot be typed into a piece.
CSRF_MARK = Markup("<!--fogdip:csrf-->")
KEPT_PIECES = "pieces"


@pass_context
def kept(context: Context, name: str, key: str | None, **values: Any) -> Markup:
    """{% include name %} (with ``values`` over the page's), kept in the
    "pieces" cache under ``key``, which the view makes from all that the
    piece shows; None draws it afresh."""
    csrf_input = str(context.get("csrf_input", ""))
    if key is None:
        return Markup(draw(context, name, values | {"csrf_input": csrf_input}))
    pieces, full_key = caches[KEPT_PIECES], f"{name}:{key}"
    piece = pieces.get(full_key)
    if piece is None:
        piece = draw(context, name, values | {"csrf_input": CSRF_MARK})
        pieces.set(full_key, piece)
    return Markup(piece.replace(CSRF_MARK, csrf_input, 1))


def draw(context: Context, name: str, values: dict[str, Any]) -> str:
    template = context.environment.get_template(name)
    return template.render(context.get_all() | values)
