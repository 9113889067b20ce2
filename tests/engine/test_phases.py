"""Phase order, skipping, centre ownership, builds and validation reasons."""

from adjudication.engine import adjudicate, next_phase
from adjudication.outcome import Result
from adjudication.phases import DIPLOMYOPIA_RULES, Rules, standard_sequence, winner
from adjudication.setup import standard_start
from adjudication.types import Dislodged, Phase, Position, Unit, UnitType


def army(power, province):
    return Unit(power, UnitType.ARMY, province)


def test_the_standard_sequence():
    phase = Phase.parse("S1901M")
    seen = []
    for _ in range(6):
        seen.append(str(phase))
        phase = standard_sequence(phase)
    assert seen == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]


def test_empty_phases_are_skipped_only_when_asked():
    outcome = adjudicate(standard_start(), {})
    assert str(outcome.next_position.phase) == "S1901R"
    assert str(next_phase(outcome.next_position, hold_empty_phases=True).phase) == "S1901R"
    assert str(next_phase(outcome.next_position, hold_empty_phases=False).phase) == "F1901M"


def fall_capture():
    position = Position(Phase.parse("F1901M"), (army("FRANCE", "BUR"),), {"PAR": "FRANCE"})
    return adjudicate(position, {"FRANCE": ["A BUR - MUN"]}).next_position


def test_centres_change_after_the_fall_retreats():
    after_moves = fall_capture()
    assert "MUN" not in after_moves.centres
    winter = next_phase(after_moves, hold_empty_phases=False)
    assert str(winter.phase) == "W1901A"
    assert winter.centres["MUN"] == "FRANCE"


def test_diplomyopia_changes_centres_every_season():
    position = Position(Phase.parse("S1901M"), (army("FRANCE", "BUR"),), {"PAR": "FRANCE"})
    after = adjudicate(position, {"FRANCE": ["A BUR - MUN"]}, DIPLOMYOPIA_RULES).next_position
    fall = adjudicate(after, {}, DIPLOMYOPIA_RULES).next_position
    assert fall.centres["MUN"] == "FRANCE"
    standard = adjudicate(adjudicate(position, {"FRANCE": ["A BUR - MUN"]}).next_position, {})
    assert "MUN" not in standard.next_position.centres


def test_victory_is_configurable():
    centres = dict.fromkeys(["PAR", "BRE", "MAR"], "FRANCE")
    position = Position(Phase.parse("W1901A"), (), centres)
    assert winner(position) is None
    assert winner(position, Rules(victory_centres=3)) == "FRANCE"


def test_builds_waives_and_too_many_builds():
    centres = dict.fromkeys(["PAR", "BRE", "MAR"], "FRANCE")
    position = Position(Phase.parse("W1901A"), (army("FRANCE", "PAR"),), centres)
    outcome = adjudicate(position, {"FRANCE": ["waive", "F BRE B", "A MAR B"]})
    assert outcome.results() == {"FRANCE": ["success", "success", "fail"]}
    assert {str(u) for u in outcome.next_position.units} == {"A PAR", "F BRE"}
    assert str(outcome.next_position.phase) == "S1902M"


def test_civil_disorder_removes_when_too_few_removals_are_ordered():
    position = Position(
        Phase.parse("W1901A"),
        (army("FRANCE", "PAR"), army("FRANCE", "PIC"), army("FRANCE", "MOS")),
        {"PAR": "FRANCE"},
    )
    outcome = adjudicate(position, {"FRANCE": ["A PIC D"]})
    assert [str(u) for u in outcome.next_position.units] == ["A PAR"]
    assert outcome.removed == ("A MOS", "A PIC")


def test_two_retreats_to_one_province_both_disband():
    position = Position(
        Phase.parse("S1901R"),
        (army("ITALY", "TYR"),),
        dislodged=(
            Dislodged(army("GERMANY", "MUN"), "BUR", False, ("BOH", "SIL")),
            Dislodged(army("AUSTRIA", "VIE"), "GAL", False, ("BOH", "BUD")),
        ),
    )
    outcome = adjudicate(position, {"GERMANY": ["A MUN R BOH"], "AUSTRIA": ["A Vie - Boh"]})
    assert outcome.results() == {"GERMANY": ["fail"], "AUSTRIA": ["fail"]}
    assert [str(u) for u in outcome.next_position.units] == ["A TYR"]
    assert str(outcome.next_position.phase) == "F1901M"


def test_a_retreat_to_a_place_not_offered_is_illegal():
    position = Position(
        Phase.parse("F1901R"),
        (),
        dislodged=(Dislodged(army("GERMANY", "MUN"), "BUR", False, ("BOH",)),),
    )
    outcome = adjudicate(position, {"GERMANY": ["A MUN R BUR"]})
    assert outcome.orders[0].result is Result.ILLEGAL
    assert outcome.next_position.units == ()


def test_illegal_orders_say_why_and_the_unit_holds():
    position = Position(Phase.parse("S1901M"), (army("GERMANY", "MUN"), army("FRANCE", "PAR")))
    outcome = adjudicate(
        position, {"GERMANY": ["A Mun - Picardy"], "FRANCE": ["A Mun H", "A Par - Bur"]}
    )
    first, second, third = outcome.orders
    assert first.result is Result.ILLEGAL
    assert first.reason == "Munich does not border Picardy"
    assert second.reason == "the army in Munich belongs to Germany"
    assert third.result is Result.SUCCESS
    assert {str(u) for u in outcome.next_position.units} == {"A MUN", "A BUR"}
