"""The order page draws each unit's menu in one pass (games/templatetags):
the same options, labels, choice and escaping as Django's own Select widget."""

from __future__ import annotations

import re

from fogdip.templatetags.fogdip import order_select
from games.forms.orders import OrdersForm

ROWS = [
    ("Army in Paris", "A PAR H", [("A PAR H", "Hold"), ("A PAR - BUR", "Move to Burgundy")]),
    ("Fleet in Brest", "", [("F BRE H", "Hold"), ("F BRE - MAO", 'Move to "Mid" <Atlantic> & on')]),
]
OPTION = re.compile(r'<option value="([^"]*)"( selected)?>([^<]*)</option>')


def options(html: str) -> list[tuple[str, str, str]]:
    return OPTION.findall(html)


def test_it_draws_the_same_menus_as_the_widget(settings) -> None:
    # Django's template renderer, whose escaping ours follows; the site's own
    # renderer (Jinja2) differs only in spelling: &#34; for &quot;.
    settings.FORM_RENDERER = "django.forms.renderers.DjangoTemplates"
    for data in (None, {"row_0": "A PAR - BUR", "row_1": "F BRE - MAO"}):
        form = OrdersForm(ROWS, data)
        for field in form.rows():
            ours, django = order_select(field), str(field)
            assert options(ours) == options(django) and len(options(ours)) == 3
            assert f'<select name="{field.html_name}" id="{field.auto_id}">' in ours


def test_it_marks_the_saved_or_posted_choice() -> None:
    form = OrdersForm(ROWS, {"row_0": "A PAR - BUR"})
    assert '<option value="A PAR - BUR" selected>' in order_select(form.rows()[0])
    assert '<option value="A PAR H" selected>' in order_select(OrdersForm(ROWS).rows()[0])
