"""The order checker (the live check, the form's save and an email's orders
alike) judges each order as the rules will, from the power's own units and
the map only.

Random positions, seeded so that a failure can be replayed: every order a
unit of France could be given is put to the checker, then to the engine.

* An order the checker refuses is illegal in the engine, whatever the other
  powers hold: the checker never refuses what the rules would allow.
* An order the checker accepts is legal in the engine when what France
  cannot see is in its favour: another power's fleet in every sea France
  does not hold (so that any convoy route by sea may be there) and, in the
  province a support or convoy names, if France has no unit there, the unit
  that would make it possible (none, an army, or a fleet on one coast).
* What the checker says does not change with the other powers' units.
"""

from __future__ import annotations

import random

import pytest

from adjudication.engine import adjudicate
from adjudication.mapgraph import COAST, LAND, SEA, load_map
from adjudication.outcome import ILLEGAL
from adjudication.parsing import ParseError, parse_order
from adjudication.record import DislodgedUnit, Knowledge
from adjudication.types import Phase, Position, Unit, UnitType
from games.order_entry import CheckedLine, check_lines, order_rows, own_side, read_orders

BOARD = load_map()
PLAYABLE = [p for p in sorted(BOARD.provinces) if BOARD.kind(p) in (LAND, SEA, COAST)]
LOCATIONS = sorted({place for p in PLAYABLE for place in BOARD.fleet_locations(p)} | set(PLAYABLE))
COASTS = [p for p in PLAYABLE if BOARD.kind(p) == COAST]
SEAS = [p for p in PLAYABLE if BOARD.kind(p) == SEA]
OTHERS = [power for power in BOARD.powers if power != "FRANCE"]
SEEDS = range(12)


def random_unit(rng: random.Random, power: str, province: str) -> Unit:
    kind = BOARD.kind(province)
    if kind == SEA or (kind == COAST and rng.random() < 0.5):
        return Unit(power, UnitType.FLEET, rng.choice(BOARD.fleet_locations(province)))
    return Unit(power, UnitType.ARMY, province)


def french_units(rng: random.Random) -> list[Unit]:
    return [random_unit(rng, "FRANCE", p) for p in rng.sample(PLAYABLE, rng.randint(3, 7))]


def others_anywhere(rng: random.Random, own: list[Unit]) -> list[Unit]:
    free = [p for p in PLAYABLE if p not in {unit.province for unit in own}]
    return [random_unit(rng, rng.choice(OTHERS), p) for p in rng.sample(free, 18)]


def others_at_every_sea(rng: random.Random, own: list[Unit]) -> list[Unit]:
    held = {unit.province for unit in own}
    return [Unit(rng.choice(OTHERS), UnitType.FLEET, sea) for sea in SEAS if sea not in held]


def candidates(rng: random.Random, unit: Unit) -> list[str]:
    """Orders of every kind for one unit, most of them impossible."""
    lines = [f"{unit} H", *(f"{unit} - {place}" for place in LOCATIONS)]
    lines += [f"{unit} S {province}" for province in rng.sample(PLAYABLE, 25)]
    for source in rng.sample(PLAYABLE, 30):
        near = sorted(BOARD.army_adjacent.get(source, ())) or PLAYABLE
        kind = rng.choice(["", "A ", "F "])
        lines.append(f"{unit} S {kind}{source} - {rng.choice(near)}")
        lines.append(f"{unit} S {kind}{source} - {rng.choice(PLAYABLE)}")
    for _ in range(20):
        lines.append(f"{unit} C A {rng.choice(COASTS)} - {rng.choice(COASTS)}")
    other_kind = "F" if unit.kind is UnitType.ARMY else "A"
    lines.append(f"{other_kind} {unit.province} H")
    return [line for line in lines if reads(line)]


def reads(line: str) -> bool:
    try:
        parse_order(line, BOARD)
    except ParseError:
        return False
    return True


def record_of(units: list[Unit]) -> Knowledge:
    """France's record: its own units (and, to show they are never read, others')."""
    by_power: dict[str, list[str]] = {}
    for unit in units:
        by_power.setdefault(unit.power, []).append(str(unit))
    table = {power: tuple(found) for power, found in by_power.items()}
    return Knowledge(power="FRANCE", phase="S1901M", sees=(), units=table, centers={})


def verdicts(units: list[Unit], lines: list[str]) -> list[CheckedLine]:
    knowledge = record_of(units)
    own = list(knowledge.units_of("FRANCE"))
    side = own_side(knowledge, "FRANCE", "M")
    return [check_lines(BOARD, line, own, "M", side)[0] for line in lines]


def named_province(line: str) -> str | None:
    order = parse_order(line, BOARD)
    named = getattr(order, "supported", None) or getattr(order, "army_from", None)
    return named[:3] if named else None


def favourable(units: list[Unit], line: str) -> list[list[Unit]]:
    """The worlds France cannot tell apart that matter to ``line``."""
    named = named_province(line)
    if named is None or any(u.province == named and u.power == "FRANCE" for u in units):
        return [units]
    around = [unit for unit in units if unit.province != named]
    occupants = [Unit("ITALY", UnitType.FLEET, p) for p in BOARD.fleet_locations(named)]
    if BOARD.kind(named) != SEA:
        occupants.append(Unit("ITALY", UnitType.ARMY, named))
    if BOARD.kind(named) == LAND:
        occupants = occupants[-1:]
    return [around, *([*around, unit] for unit in occupants)]


def illegal_in_engine(units: list[Unit], line: str) -> bool:
    position = Position(Phase.parse("S1901M"), tuple(units))
    outcome = adjudicate(position, {"FRANCE": [line]}, graph=BOARD, facts=False)
    return outcome.orders[0].result is ILLEGAL


def a_sample(seed: int) -> tuple[random.Random, list[Unit], list[str]]:
    rng = random.Random(seed)
    own = french_units(rng)
    lines = [line for unit in own for line in candidates(rng, unit)]
    return rng, own, lines


@pytest.mark.parametrize("seed", SEEDS)
def test_no_order_it_accepts_is_illegal(seed: int) -> None:
    rng, own, lines = a_sample(seed)
    units = own + others_at_every_sea(rng, own)
    accepted = [line.text for line in verdicts(own, lines) if line.ok]
    assert len(accepted) > 5 * len(own)  # holds, moves, supports: not an empty sample
    illegal = [
        line
        for line in accepted
        if all(illegal_in_engine(world, line) for world in favourable(units, line))
    ]
    assert illegal == []


@pytest.mark.parametrize("seed", SEEDS)
def test_every_order_it_refuses_is_illegal(seed: int) -> None:
    rng, own, lines = a_sample(seed)
    units = own + others_anywhere(rng, own)
    refused = [line.text for line in verdicts(units, lines) if not line.ok]
    assert len(refused) > len(lines) // 2
    assert [line for line in refused if not illegal_in_engine(units, line)] == []


@pytest.mark.parametrize("seed", SEEDS)
def test_what_it_says_does_not_depend_on_other_powers(seed: int) -> None:
    rng, own, lines = a_sample(seed)
    alone = verdicts(own, lines)
    assert verdicts(own + others_anywhere(rng, own), lines) == alone
    assert verdicts(own + others_at_every_sea(rng, own), lines) == alone


# --- what a new player tried ---------------------------------------------------

FRANCE = Knowledge(
    power="FRANCE",
    phase="S1901M",
    sees=(),
    units={"FRANCE": ("F BRE", "A PAR", "A MAR"), "ENGLAND": ("F LON",)},
    centers={"FRANCE": ("BRE", "MAR", "PAR")},
)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("F Bre - Mos", "a fleet cannot move inland to Moscow"),
        ("A Par - Par", "a unit cannot move to the province it is in"),
        ("F Bre S A Mar - Spa", "Brest does not border Spain"),
        ("F Bre C A Par - Lon", "only a fleet at sea can convoy"),
        ("A Bre - Lon", "there is no army in Brest"),
        ("A Par - Lon", "Paris does not border London"),
        ("A Mar S A Par - Pic", "Marseilles does not border Picardy"),
        # The unit's kind is why, not the map: Marseilles borders the Gulf of Lyon.
        ("A Mar S F Wes - Lyo", "an army cannot reach Gulf of Lyon, a sea"),
        ("A Par S F Mun - Bur", "a fleet in Munich cannot move to Burgundy"),
    ],
)
def test_it_refuses_what_can_never_succeed(line: str, reason: str) -> None:
    draft = read_orders(BOARD, [line], FRANCE, "FRANCE", "M")
    assert [(checked.ok, checked.error) for checked in draft.checked] == [(False, reason)]
    assert draft.orders == ()


@pytest.mark.parametrize(
    "line", ["A Mar - Tun", "F Bre S Lon - Eng", "F Bre S A Par - Pic", "A Par S F Bre - Pic"]
)
def test_it_accepts_what_may_succeed(line: str) -> None:
    draft = read_orders(BOARD, [line], FRANCE, "FRANCE", "M")
    assert [checked.error for checked in draft.checked] == [""]


def test_it_refuses_two_orders_for_one_unit_naming_both() -> None:
    draft = read_orders(BOARD, ["A Par - Bur", "A Mar H", "A Par - Pic"], FRANCE, "FRANCE", "M")
    both = 'two orders for the unit in Paris: "A Par - Bur" and "A Par - Pic"; keep one'
    assert [line.error for line in draft.checked] == [both, "", both]
    assert not draft.ok


def test_it_refuses_a_retreat_the_record_does_not_offer() -> None:
    dislodged = DislodgedUnit("FRANCE", "A PAR", ("BUR", "GAS"))
    record = Knowledge("FRANCE", "S1901R", (), {}, {}, dislodged=(dislodged,))
    draft = read_orders(BOARD, ["A Par R Pic", "A Par R Gas"], record, "FRANCE", "R")
    assert [line.error for line in draft.checked] == [
        "the army in Paris cannot retreat to Picardy",
        "",
    ]
    alone = read_orders(BOARD, ["A Par R Gas"], record, "FRANCE", "R")
    assert alone.ok and alone.orders == ("A PAR R GAS",)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("A Mun B", "Munich is not a home centre of France"),
        ("A Par B", "Paris is occupied"),
        ("F Mar B", ""),
        ("A Bre B", ""),
    ],
)
def test_it_judges_builds_by_the_powers_own_record(line: str, reason: str) -> None:
    record = Knowledge(
        "FRANCE", "F1901A", (), {"FRANCE": ("A PAR",)}, {"FRANCE": ("BRE", "MAR", "PAR", "SPA")}
    )
    draft = read_orders(BOARD, [line], record, "FRANCE", "A")
    assert [checked.error for checked in draft.checked] == [reason]


# --- the menus offer only what the checker accepts --------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_every_menu_entry_is_an_order_the_checker_accepts(seed: int) -> None:
    rng = random.Random(seed)
    own = french_units(rng)
    knowledge = record_of(own + others_anywhere(rng, own))
    rows = order_rows(BOARD, knowledge, "FRANCE", "M", [])
    values = [value for _, _, choices in rows for value, _ in choices]
    kinds = {value.split()[2] for value in values}
    assert {"H", "-", "S"} <= kinds
    refused = [line for line in verdicts(own, values) if not line.ok]
    assert refused == []
    assert [line.order for line in verdicts(own, values)] == values  # saved as offered


def test_a_fleet_at_sea_is_offered_supports_and_convoys() -> None:
    record = Knowledge("FRANCE", "S1901M", (), {"FRANCE": ("F ENG", "A BRE")}, {})
    made = order_rows(BOARD, record, "FRANCE", "M", [])
    rows = {label: choices for label, _, choices in made}
    fleet = dict(rows["Fleet in English Channel"])
    assert fleet["F ENG S A BRE - PIC"] == "Support Brest into Picardy"
    assert fleet["F ENG S LON"] == "Support London to hold"
    assert fleet["F ENG C A BRE - LON"] == "Convoy Brest to London"
    assert "F ENG S A BRE - PAR" not in fleet  # the Channel cannot reach Paris
    assert not any(" C " in value for value in dict(rows["Army in Brest"]))


def test_a_fleet_at_sea_convoys_only_own_armies_in_its_menu() -> None:
    record = Knowledge("FRANCE", "S1901M", (), {"FRANCE": ("F MAO", "A BRE")}, {})
    rows = {
        label: dict(choices) for label, _, choices in order_rows(BOARD, record, "FRANCE", "M", [])
    }
    convoys = sorted(value for value in rows["Fleet in Mid-Atlantic Ocean"] if " C " in value)
    assert convoys == [f"F MAO C A BRE - {end}" for end in ("GAS", "NAF", "POR", "SPA")]
    alone = Knowledge("FRANCE", "S1901M", (), {"FRANCE": ("F MAO",)}, {})
    (menu,) = [choices for _, _, choices in order_rows(BOARD, alone, "FRANCE", "M", [])]
    assert not any(" C " in value for value, _ in menu)
    assert len(menu) < 60


def test_an_army_moves_via_convoy_through_its_own_fleets() -> None:
    record = Knowledge("FRANCE", "S1901M", (), {"FRANCE": ("F ENG", "F MAO", "A PIC")}, {})
    rows = {
        label: dict(choices) for label, _, choices in order_rows(BOARD, record, "FRANCE", "M", [])
    }
    army = rows["Army in Picardy"]
    assert army["A PIC - LON VIA"] == "Move to London via convoy"
    assert "A PIC - POR VIA" in army  # through the Channel, then the Mid-Atlantic
    assert "A PIC - BEL VIA" not in army  # it walks there
    ashore = Knowledge("FRANCE", "S1901M", (), {"FRANCE": ("A PIC",)}, {})
    (menu,) = [choices for _, _, choices in order_rows(BOARD, ashore, "FRANCE", "M", [])]
    assert not any(value.endswith(" VIA") for value, _ in menu)
