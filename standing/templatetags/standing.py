"""``{% standing_of figures user_id %}``: a player's reliability and rating in
a few words, from a dict of figures read once for the page."""

from __future__ import annotations

from django import template

from standing.models import Figures

register = template.Library()


@register.simple_tag
def standing_of(figures: dict[int, Figures], user_id: int) -> str:
    row = figures.get(user_id)
    if row is None or row.reliability is None:
        return "no deadline on record yet"
    rating = f", rating {row.rating:.1f}" if row.rated_games else ", not rated yet"
    return f"reliability {row.reliability:g}% ({row.missed} of {row.owed} missed){rating}"
