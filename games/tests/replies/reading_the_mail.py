"""A player who orders from their own email alone: small, explicit policies
that read one power's mail text (the units and centres it lists, the
retreats it names, the builds it counts) and write that power's orders. They
take nothing else: no database, no board, only the text and the rule book's
home centres, which every player knows before the game starts."""

from __future__ import annotations

import re

YOUR_UNITS = re.compile(r"^Your units \(\d+\): (.+)$", re.MULTILINE)
YOUR_CENTRES = re.compile(r"^Your centres \(\d+\): (.+)$", re.MULTILINE)
DISLODGED = re.compile(r"^\s*Dislodged: (\w \w{3}), may retreat to (.+)$", re.MULTILINE)
HOME_CENTRES = {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]}


def units_listed(mail: str) -> dict[str, str]:
    """The power's units as the mail lists them, by province: {"PAR": "A PAR"}."""
    found = YOUR_UNITS.search(mail)
    assert found, "the mail lists no units of the power's own"
    return {unit[2:]: unit for unit in found.group(1).split(", ")}


def centres_listed(mail: str) -> list[str]:
    found = YOUR_CENTRES.search(mail)
    assert found, "the mail lists no centres of the power's own"
    return found.group(1).split(", ")


def movement_orders(mail: str, plan: dict[str, str]) -> list[str]:
    """One order for each planned province, written for the unit the mail
    lists there; a plan's wish names other listed units by province
    ("S {PAR} - Bur"), so a support too is written from the mail."""
    units = units_listed(mail)
    missing = sorted(set(plan) - set(units))
    assert not missing, f"the mail lists no unit in {missing}: {sorted(units)}"
    return [f"{units[where]} {wish.format(**units)}" for where, wish in plan.items()]


def retreat_orders(mail: str, preferred: str) -> list[str]:
    """Each dislodged unit the mail names to the preferred province if the
    mail offers it, otherwise to the first it offers; written as a move."""
    orders = []
    for unit, options in DISLODGED.findall(mail):
        offered = options.split(", ")
        where = preferred if preferred in offered else offered[0]
        orders.append(f"{unit.title()} - {where.title()}")
    return orders


def builds_counted(mail: str, power: str) -> int:
    """The builds the mail's adjustment line gives ("... : builds 2 units")."""
    line = re.search(rf"^\s*{power.title()}: \d+ supply centres, \d+ units: (.+)$", mail, re.M)
    assert line, f"the mail gives {power.title()} no adjustment line"
    builds = re.fullmatch(r"builds (\d+) units?", line.group(1))
    return int(builds.group(1)) if builds else 0


def build_orders(mail: str, power: str) -> list[str]:
    """An army in each free home centre, in the rule book's order, as many
    as the mail counts: a home centre is free when the mail lists it among
    the power's centres and lists none of its units there."""
    occupied, owned = units_listed(mail), centres_listed(mail)
    free = [c for c in HOME_CENTRES[power] if c in owned and c not in occupied]
    return [f"Build A {centre.title()}" for centre in free[: builds_counted(mail, power)]]
