"""An own dislodged unit's retreat options are marked by faint rings, never in the fog."""

from PIL import ImageChops

from maps.geometry import load_geometry
from maps.render import render_map
from tests.maps.helpers import TITLE, record


def _with_options(options):
    knowledge = record("germany_f1901m")
    knowledge["dislodged"][0]["retreat_options"] = options
    return knowledge


def _changed_box(options):
    plain = render_map(_with_options([]), TITLE)
    marked = render_map(_with_options(options), TITLE)
    return ImageChops.difference(plain, marked).getbbox()


def _near(box, point, reach=16):
    x, y = point
    return (
        box[0] >= x - reach and box[1] >= y - reach and box[2] <= x + reach and box[3] <= y + reach
    )


def test_a_ring_marks_each_seen_option_at_its_unit_spot():
    germany = record("germany_f1901m")
    assert germany["dislodged"][0]["retreat_options"] == ["BER", "RUH", "SIL"]
    for code in ("BER", "RUH", "SIL"):
        box = _changed_box([code])
        assert box is not None, code
        assert _near(box, load_geometry().provinces[code].unit), (code, box)


def test_an_option_in_the_fog_is_not_marked():
    germany = record("germany_f1901m")
    assert "GAL" not in germany["sees"]
    assert _changed_box(["GAL"]) is None


def test_options_of_a_dislodged_unit_in_the_fog_are_not_marked():
    for unit, marked in (("A BOH", True), ("A VIE", False)):  # Bohemia seen, Vienna not
        knowledge = _with_options(["BER"])
        knowledge["dislodged"][0]["unit"] = unit
        with_options = render_map(knowledge, TITLE)
        knowledge["dislodged"][0]["retreat_options"] = []
        differs = with_options.tobytes() != render_map(knowledge, TITLE).tobytes()
        assert differs == marked, unit
