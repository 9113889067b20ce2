"""The site's free-text fields refuse what cannot be stored (common/text.py):
Django refuses a NUL in a form field itself, not a lone surrogate, which no
database and no page can write. A browser's form post cannot carry one (its
bytes are decoded with replacement), so these are checked on the forms
themselves: the same validator as the API's schemas and the actions."""

from __future__ import annotations

import pytest

from games.forms.console import EndForm
from games.forms.new_game import GameForm
from games.forms.orders import OrdersForm
from games.forms.press import PressForm
from games.gm_forms import BoardEditForm, GameMasterPressForm

LONE = "Hello \ud800"


def errors_of(form) -> str:
    assert not form.is_valid()
    return str(form.errors)


@pytest.mark.parametrize(
    ("form", "field"),
    [
        (lambda: OrdersForm([], {"typed": f"A Par - Bur {LONE}"}), "typed"),
        (lambda: PressForm("FRANCE", ["FRANCE", "GERMANY"], ["FRANCE"], {"body": LONE}), "body"),
        (lambda: GameMasterPressForm({"body": LONE}, powers=["FRANCE"]), "body"),
        (lambda: EndForm({"result": LONE, "confirm": "on"}), "result"),
        (lambda: BoardEditForm({"action": "add", "place": LONE}, powers=["FRANCE"]), "place"),
        (lambda: GameForm({"name": LONE}), "name"),
    ],
)
def test_a_lone_surrogate_is_refused_naming_the_field(db, form, field) -> None:
    made = form()
    errors_of(made)
    assert "lone surrogate" in str(made.errors[field])


def test_the_orders_form_refuses_a_lone_surrogate_in_a_retreat_list() -> None:
    form = OrdersForm([], {"retreat_0": f"Bur, {LONE}"})
    form.add_advance_fields(["A PAR"], with_adjustments=True, saved={})
    errors_of(form)
    assert "lone surrogate" in str(form.errors["retreat_0"])
