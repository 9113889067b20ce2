"""Sample unit templates: the document's 3/3/3/3 infantry and a few of our own."""

from __future__ import annotations

import pytest

from adjudication.battle.templates import TEMPLATES, template


def test_it_offers_the_documents_typical_infantry():
    infantry = template("infantry")
    assert (infantry.att, infantry.defence, infantry.spd, infantry.hp) == (3, 3, 3, 3)


def test_it_offers_a_healer_and_an_archer():
    assert any(t.powers.heal for t in TEMPLATES)
    assert any(t.powers.range > 0 for t in TEMPLATES)


def test_it_names_the_known_templates_for_an_unknown_one():
    with pytest.raises(KeyError, match="Infantry"):
        template("dragon")
