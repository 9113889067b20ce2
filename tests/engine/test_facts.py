"""The plain facts a movement outcome gives the fog rules."""

from adjudication.engine import adjudicate
from adjudication.serialisation import position_from_step


def outcome_of(units, orders):
    return adjudicate(position_from_step({"phase": "S1901M", "units": units}), orders)


def test_moves_carry_strengths_and_rivals():
    outcome = outcome_of(
        {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A RUH"]},
        {"FRANCE": ["A BUR - BEL", "A PIC S A BUR - BEL"], "GERMANY": ["A RUH - BEL"]},
    )
    moves = {m.source: m for m in outcome.facts.moves}
    assert moves["BUR"].attack == 2
    assert moves["BUR"].rivals == ("RUH",)
    assert moves["BUR"].succeeded
    assert moves["RUH"].prevent == 1
    assert not moves["RUH"].succeeded
    assert outcome.facts.standoffs == {}


def test_standoffs_name_the_units_that_stood_off():
    outcome = outcome_of(
        {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
        {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
    )
    assert outcome.facts.standoffs == {"BUR": ("MUN", "PAR")}
    assert outcome.contested == {"BUR"}


def test_supports_say_whether_they_were_cut_and_needed():
    outcome = outcome_of(
        {"FRANCE": ["A BUR", "A PIC", "A GAS"], "GERMANY": ["A BEL", "A MUN"]},
        {
            "FRANCE": ["A BUR - PAR", "A PIC S A BUR - PAR", "A GAS S A BUR - MAR"],
            "GERMANY": ["A BEL - PIC", "A MUN H"],
        },
    )
    supports = {s.supporter: s for s in outcome.facts.supports}
    assert supports["PIC"].cut_by == ("BEL",)
    assert not supports["PIC"].given
    assert supports["GAS"].void
    assert not supports["GAS"].needed


def test_a_support_that_changed_nothing_was_not_needed():
    outcome = outcome_of(
        {"FRANCE": ["A BUR", "A RUH", "A BOH"], "GERMANY": ["A MUN"]},
        {
            "FRANCE": ["A BUR - MUN", "A RUH S A BUR - MUN", "A BOH S A BUR - MUN"],
            "GERMANY": ["A MUN H"],
        },
    )
    supports = {s.supporter: s for s in outcome.facts.supports}
    assert supports["RUH"].given
    assert not supports["RUH"].needed
    assert not supports["BOH"].needed


def test_needed_support_dislodges():
    outcome = outcome_of(
        {"FRANCE": ["A BUR", "A RUH", "A PIC"], "GERMANY": ["A MUN"]},
        {
            "FRANCE": ["A BUR - MUN", "A RUH S A BUR - MUN", "A PIC S A BUR"],
            "GERMANY": ["A MUN H"],
        },
    )
    supports = {s.supporter: s for s in outcome.facts.supports}
    assert supports["RUH"].needed
    assert supports["PIC"].void
    assert outcome.facts.hold_strength["MUN"] == 1
    [dislodged] = outcome.dislodged
    assert dislodged.attacker_from == "BUR"


def test_convoy_routes_are_listed():
    outcome = outcome_of(
        {"ENGLAND": ["A LON", "F NTH", "F ENG"]},
        {"ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL", "F ENG C A LON - BEL"]},
    )
    [move] = outcome.facts.moves
    assert move.via_convoy
    assert move.route == ("ENG", "NTH")
