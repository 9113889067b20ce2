"""How form fields are drawn: Django's Jinja2 copies of its own templates,
except the label, which is written out here.

Every field's label (``field.label_tag``) went through Django's template
``django/forms/label.html`` and its attributes' template: about 0.4 ms of
CPU a label under the profiler, and the game page draws six, the press page
more. ``label_html`` writes the same bytes from the same context Django's
``BoundField.label_tag`` works out (its suffix, its ``for``, its class), so
nothing about a label's meaning is decided here; a test holds the bytes
equal to Django's own template for every kind of label the site draws.
"""

from __future__ import annotations

from typing import Any

from django.forms.renderers import Jinja2
from django.http import HttpRequest
from markupsafe import escape

LABEL_TEMPLATE = "django/forms/label.html"


class FormRenderer(Jinja2):
    def render(
        self, template_name: str, context: dict[str, Any], request: HttpRequest | None = None
    ) -> str:
        if template_name == LABEL_TEMPLATE:
            return label_html(context)
        return str(super().render(template_name, context, request))


def label_html(context: dict[str, Any]) -> str:
    """What ``django/forms/label.html`` draws: Jinja2 escapes with markupsafe,
    so the same function escapes here (it leaves a safe string as it is)."""
    label = escape(context["label"])
    if not context["use_tag"]:
        return str(label)
    tag = escape(context["tag"])
    attrs = "".join(_attribute(name, value) for name, value in (context["attrs"] or {}).items())
    return f"<{tag}{attrs}>{label}</{tag}>"


def _attribute(name: str, value: Any) -> str:
    if value is False:
        return ""
    if value is True:
        return f" {escape(name)}"
    return f' {escape(name)}="{escape(value)}"'
