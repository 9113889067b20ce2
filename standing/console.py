"""What a game master reads of players' standing: the figures of each
applicant and player, and players to suggest for an open seat."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Q

from standing.models import Figures, Stint

SUGGESTED = 5


def figures_by_user(user_ids: Iterable[int]) -> dict[int, Figures]:
    """One query, however many players: those without figures are left out."""
    return {row.user_id: row for row in Figures.objects.filter(user_id__in=set(user_ids))}


def replacements(
    game_id: int, not_these: Iterable[int], min_reliability: int | None, min_rating: int | None
) -> list[Figures]:
    """Players who meet the game's minimum and never held a seat of it, most
    reliable first, then by rating; only players with a deadline on record."""
    held = Stint.objects.filter(game_id=game_id).values("user_id")
    rows = Figures.objects.filter(reliability__isnull=False, user__is_active=True)
    if min_reliability is not None:
        rows = rows.filter(reliability__gte=min_reliability)
    if min_rating is not None:
        rows = rows.filter(rating__gte=min_rating)
    rows = rows.exclude(Q(user_id__in=held) | Q(user_id__in=list(not_these)))
    ordered = rows.select_related("user").order_by(F("reliability").desc(), "-rating", "user_id")
    return list(ordered[:SUGGESTED])
