"""A side's picture, drawn from its record alone (maps/battle)."""

from __future__ import annotations

from adjudication.battle.knowledge import SideRecord
from battles.models import Battle
from maps.battle.render import render_battle_png


def picture_png(battle: Battle, record: SideRecord) -> bytes:
    who = record.side or "game master"
    return render_battle_png(record, f"{battle.name}: turn {record.turn}, {who}")
