"""Template tags and filters of the site's pages: links and static URLs
remembered, the order menus, and {% jinja %} for the Jinja2 partials."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from html import escape
from typing import Any

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.forms import BoundField
from django.template import engines
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from adjudication.vocabulary import phase_label
from battles.emails.text import fight_words
from common.columns import wrap_line
from games.map_legend import map_legend

register = template.Library()
register.filter("phase_label", phase_label)
# A combat a battle side saw, itemised as far as its record knows it (ruling F5).
register.filter("battle_fight", fight_words)
# Plain-text email: a line too long for 72 columns, broken at spaces.
register.filter("wrap72", wrap_line)


@register.simple_tag(takes_context=True)
def jinja(context: template.Context, name: str, **values: Any) -> SafeString:
    """{% include %} for a Jinja2 template (templates/jinja2/, <app>/jinja2/): ``name`` drawn
    by Jinja2 with this page's values (and ``values`` over them), so a
    partial the game page shares with Django's pages is written once."""
    page: dict[Any, Any] = {**context.flatten(), **values}
    page["csrf_input"] = page_csrf_input(context)
    # Not the backend's own request-bound values: its csrf_input masks a new
    # token each time it is drawn, seven times on the game page.
    drawn = engines["jinja2"].get_template(name).render(page)
    return mark_safe(drawn)  # Jinja2 escaped what it drew


def page_csrf_input(context: template.Context) -> str:
    """The page's one CSRF field, drawn once for every {% jinja %} of it:
    its token is lazy, and each reading masks it afresh (a random string)."""
    drawn = context.render_context.get(CSRF_DRAWN)
    if drawn is None:
        drawn = context.render_context[CSRF_DRAWN] = csrf_input(context.get("csrf_token"))
    return str(drawn)


CSRF_DRAWN = "fogdip csrf_input"


def csrf_input(token: object) -> str:
    """What {% csrf_token %} draws, from the page's one (lazy) token, read once."""
    text = str(token) if token is not None else ""
    if not text or text == "NOTPROVIDED":
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', text)


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
def asset(path: str) -> str:
    """{% static path %}, remembered: a static file's URL (its hashed name in
    production) is fixed while the process runs, and asking the storage
    each time was a quarter of drawing the base layout, under the profiler."""
    return _asset_url(path)


@functools.lru_cache(maxsize=256)
def _asset_url(path: str) -> str:
    return static(path)


@receiver(setting_changed)
def _forget_assets(setting: str, **_: Any) -> None:
    """A test that changes where static files live gets their new URLs."""
    if setting in {"STATIC_URL", "STORAGES", "STATIC_ROOT", "DEBUG"}:
        _asset_url.cache_clear()


register.simple_tag(map_legend, name="map_legend")


@register.simple_tag
def order_select(field: BoundField) -> SafeString:
    """One order row's menu, as Django's Select draws it but in one pass: a
    unit's menu holds every move, support and convoy, and drawing each option
    through the widget's own template was most of the order page's time.
    A menu's options are drawn once a process (_menu_options) and the chosen
    one marked on each page."""
    options, places = _menu_options(tuple(choices(field)))
    at = places.get(str(field.value() or ""))
    if at is not None:
        value, label = field.field.choices[at]  # type: ignore[attr-defined]
        options = (*options[:at], _option(value, label, " selected"), *options[at + 1 :])
    return format_html(
        '<select name="{}" id="{}">{}</select>',
        field.html_name,
        field.auto_id,
        mark_safe("".join(options)),
    )


@functools.lru_cache(maxsize=1024)
def _menu_options(
    menu: tuple[tuple[object, object], ...],
) -> tuple[tuple[str, ...], dict[str, int]]:
    """A menu's options, none selected, and where each value stands. The
    menu is the whole key: the same choices draw the same options."""
    options = tuple(_option(value, label, "") for value, label in menu)
    places: dict[str, int] = {}
    for at, (value, _) in enumerate(menu):
        places.setdefault(str(value), at)
    return options, places


def _option(value: object, label: object, selected: str) -> str:
    """The values and labels (plain text from games.order_entry) are escaped
    with html.escape, which is what Django's escape() calls, without
    format_html's checks on each."""
    return f'<option value="{escape(str(value))}"{selected}>{escape(str(label))}</option>'


def choices(field: BoundField) -> Iterable[tuple[object, object]]:
    return field.field.choices  # type: ignore[attr-defined]
