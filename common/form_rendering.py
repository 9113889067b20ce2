"""How form fields are drawn: Django's Jinja2 copies of its own templates,
except the label, the one-line inputs and the text area, written out here.

Every field's label (``field.label_tag``) went through Django's template
``django/forms/label.html`` and its attributes' template: about 0.4 ms of
CPU a label under the profiler, and the game page draws six, the press page
more; an input went through three templates (its own, input.html and
attrs.html). These functions write the same bytes from the same context
Django works out (a label's suffix, its ``for``, its class; a widget's
value and attributes), so nothing about a field's meaning is decided here;
tests hold the bytes equal to Django's own templates for every kind of
label and widget the site draws. Every other template (menus, radio
buttons, the form layouts) is Django's.
"""

from __future__ import annotations

from typing import Any

from django.forms.renderers import Jinja2
from django.http import HttpRequest
from markupsafe import escape

LABEL_TEMPLATE = "django/forms/label.html"
TEXTAREA_TEMPLATE = "django/forms/widgets/textarea.html"
# Django's templates that are input.html and nothing else.
INPUT_TEMPLATES = frozenset(
    f"django/forms/widgets/{kind}.html"
    for kind in (
        "input", "text", "number", "email", "url", "password", "hidden",
        "date", "datetime", "time", "checkbox", "search", "tel", "color",
    )
)  # fmt: skip


class FormRenderer(Jinja2):
    def render(
        self, template_name: str, context: dict[str, Any], request: HttpRequest | None = None
    ) -> str:
        if template_name == LABEL_TEMPLATE:
            return label_html(context)
        if template_name in INPUT_TEMPLATES:
            return input_html(context["widget"])
        if template_name == TEXTAREA_TEMPLATE:
            return textarea_html(context["widget"])
        return str(super().render(template_name, context, request))


def label_html(context: dict[str, Any]) -> str:
    """What ``django/forms/label.html`` draws: Jinja2 escapes with markupsafe,
    so the same function escapes here (it leaves a safe string as it is)."""
    label = escape(context["label"])
    if not context["use_tag"]:
        return str(label)
    tag = escape(context["tag"])
    return f"<{tag}{attributes(context['attrs'])}>{label}</{tag}>"


def input_html(widget: dict[str, Any]) -> str:
    """What ``django/forms/widgets/input.html`` draws."""
    value = shown_value(widget)
    shown = "" if value is None else f' value="{escape(value)}"'
    return (
        f'<input type="{escape(widget["type"])}" name="{escape(widget["name"])}"'
        f"{shown}{attributes(widget['attrs'])}>"
    )


def textarea_html(widget: dict[str, Any]) -> str:
    """What ``django/forms/widgets/textarea.html`` draws: a line break after
    the opening tag, which a browser drops, as Django's template has."""
    value = escape(shown_value(widget)) if widget["value"] else ""
    opening = f'<textarea name="{escape(widget["name"])}"{attributes(widget["attrs"])}>'
    return f"{opening}\n{value}</textarea>"


def shown_value(widget: dict[str, Any]) -> Any:
    """The value as sent, cut one past the field's ``maxlength``: a refused form
    is shown again with what was sent, so what it echoes must be bounded too
    (sent back, one past the bound still fails it)."""
    value, most = widget["value"], (widget["attrs"] or {}).get("maxlength")
    if isinstance(value, str) and most is not None:
        return value[: int(most) + 1]
    return value


def attributes(attrs: dict[str, Any] | None) -> str:
    """What ``django/forms/attrs.html`` (and its widgets' copy) draws."""
    return "".join(_attribute(name, value) for name, value in (attrs or {}).items())


def _attribute(name: str, value: Any) -> str:
    if value is False:
        return ""
    if value is True:
        return f" {escape(name)}"
    return f' {escape(name)}="{escape(value)}"'
