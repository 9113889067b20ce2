"""The minimum a game master may ask of a newcomer: a reliability, a rating,
or both. A refusal says what is asked and where the player stands."""

from __future__ import annotations

from standing.models import Figures


def figures_of(user_id: int) -> Figures:
    """The player's figures; a player with no revealed stint has the defaults."""
    return Figures.objects.filter(user_id=user_id).first() or Figures(user_id=user_id)


def refusal(user_id: int, min_reliability: int | None, min_rating: int | None) -> str:
    """Why the player may not join, or "" when they meet the game's minimum."""
    if min_reliability is None and min_rating is None:
        return ""
    figures = figures_of(user_id)
    reasons = []
    if min_reliability is not None and not meets_reliability(figures, min_reliability):
        reasons.append(
            f"a reliability of at least {min_reliability}%; {reliability_words(figures)}"
        )
    if min_rating is not None and figures.rating < min_rating:
        reasons.append(f"a rating of at least {min_rating}; yours is {figures.rating:.1f}")
    if not reasons:
        return ""
    return "This game asks for " + ", and ".join(reasons) + "."


def meets_reliability(figures: Figures, minimum: int) -> bool:
    return figures.reliability is not None and figures.reliability >= minimum


def reliability_words(figures: Figures) -> str:
    if figures.reliability is None:
        return "you have no deadline on record yet"
    return (
        f"yours is {figures.reliability:g}% ({figures.missed} of {figures.owed} "
        f"deadlines missed, {figures.left} seat{'s' if figures.left != 1 else ''} left)"
    )


def meets(figures: Figures, min_reliability: int | None, min_rating: int | None) -> bool:
    if min_reliability is not None and not meets_reliability(figures, min_reliability):
        return False
    return min_rating is None or figures.rating >= min_rating
