"""A malformed record raises RecordError naming the field at fault."""

import pytest

from maps.record import RecordError
from maps.render import render_map
from tests.maps.helpers import TITLE, record


def _broken(path, value):
    knowledge = record("germany_f1901m")
    target = knowledge
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return knowledge


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("power",), "PRUSSIA", "record.power: unknown power 'PRUSSIA'"),
        (("phase",), "Autumn", "record.phase: 'Autumn' is not a phase"),
        (("sees",), "BER", "record.sees: expected list, got str"),
        (("units", "GERMANY"), ["A BERLIN"], "record.units.GERMANY[0]: 'A BERLIN' is not a unit"),
        (("centers", "GERMANY"), ["XXX"], "record.centers.GERMANY[0]: unknown province 'XXX'"),
        (("orders", 0, "kind"), "attack", "record.orders[0].kind: unknown order kind 'attack'"),
        (("orders", 0, "to"), "DEN/XC", "record.orders[0].to: 'DEN/XC' is not a province code"),
        (
            ("ghosts", "units", 0, "seen"),
            "1901",
            "record.ghosts.units[0].seen: '1901' is not a phase",
        ),
        (("dislodged", 0, "power"), None, "record.dislodged[0].power: unknown power None"),
        (
            ("dislodged", 0, "retreat_options"),
            ["BER", "PRAGUE"],
            "record.dislodged[0].retreat_options[1]: 'PRAGUE' is not a province code",
        ),
        (
            ("dislodged", 0, "retreat_options"),
            "BER",
            "record.dislodged[0].retreat_options: expected a list of provinces",
        ),
    ],
)
def test_the_error_names_the_field(path, value, message):
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        render_map(_broken(path, value), TITLE)


def test_optional_parts_may_be_left_out():
    bare = {"power": None, "phase": "SETUP", "sees": [], "units": {}, "centers": {}}
    assert render_map(bare, TITLE).size == (1200, 1024)


def test_switzerland_may_be_listed_as_seen():
    knowledge = record("germany_f1901m")
    with_swiss = {**knowledge, "sees": sorted([*knowledge["sees"], "SWI"])}
    assert render_map(with_swiss, TITLE).tobytes() == render_map(knowledge, TITLE).tobytes()
