"""How many press messages a power received and has not yet opened on the
web, as an expression a query can carry: the game page asks it with the open
phase and the dashboard with each seat, so neither pays a query of its own.
It reads the power's own unread rows only (their partial index)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, IntegerField, Subquery, Value
from django.db.models.functions import Coalesce

from games.press.models import PressRecipient


def unread_count(game_id: Any, power: Any) -> Coalesce:
    """The count for a game and power, each a value or an OuterRef; 0 when none."""
    rows = PressRecipient.objects.filter(game_id=game_id, power=power, read_at__isnull=True)
    counted = rows.values("game_id").annotate(count=Count("pk")).values("count")
    return Coalesce(Subquery(counted), Value(0), output_field=IntegerField())
