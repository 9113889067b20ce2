"""The figures, recomputed from the revealed stints (docs/standing.md).

``recount`` rewrites the counts of a few players in one aggregate query;
``rate_game`` moves the ratings of a finished game's players; ``rebuild``
does both for everyone from the stored facts alone. Reading the figures is
one row a player, whatever the length of their history.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Count, Q, Sum
from openskill.models import PlackettLuce

from standing.models import Figures, Outcome, Stint

# Weng-Lin's Bayesian approximation with the Plackett-Luce model: many
# players in one game, ties allowed (docs/standing.md, "The rating").
MODEL = PlackettLuce()

# Lower is better; equal ranks share the result equally. A game the game
# master ended ranks its survivors together at the top.
RANK = {
    Outcome.WON: 1,
    Outcome.DRAWN: 1,
    Outcome.SURVIVED: 2,
    Outcome.ELIMINATED: 3,
    Outcome.LEFT: 3,
}


def reliability(owed: int, missed: int, left: int) -> float | None:
    """Deadlines kept out of deadlines owed, each seat left counting as one
    more deadline owed and missed; None before the first deadline."""
    due = owed + left
    if due == 0:
        return None
    return round(100.0 * (owed - missed) / due, 1)


def _counts(user_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """Each player's counts over their revealed stints, in one query. The
    annotations are named apart from the stint's own fields (``n_owed``)."""
    shown = Stint.objects.filter(user_id__in=list(user_ids), revealed=True)
    ended = Q(finished__isnull=False)
    counted = {
        # One stint a player a game: a newcomer never held a seat of it before.
        "n_games": Count("pk"),
        "n_finished": Count("pk", filter=ended),
        "n_taken_over": Count("pk", filter=Q(took_over=True)),
        "n_owed": Sum("owed", default=0),
        "n_missed": Sum("missed", default=0),
        "n_left": Count("pk", filter=Q(outcome=Outcome.LEFT)),
        **{
            f"n_{outcome.value}": Count("pk", filter=Q(outcome=outcome) & ended)
            for outcome in (Outcome.WON, Outcome.DRAWN, Outcome.SURVIVED, Outcome.ELIMINATED)
        },
    }
    rows = shown.values("user_id").annotate(**counted)
    return {row["user_id"]: {name: row[f"n_{name}"] for name in COUNTED} for row in rows}


def recount(user_ids: set[int]) -> None:
    """Rewrite the counts and reliability of these players from their revealed stints."""
    counts = _counts(user_ids)
    for user_id in sorted(user_ids):
        row = counts.get(user_id, {})
        values: dict[str, float | None] = {name: row.get(name, 0) for name in COUNTED}
        values["reliability"] = reliability(
            row.get("owed", 0), row.get("missed", 0), row.get("left", 0)
        )
        Figures.objects.update_or_create(user_id=user_id, defaults=values)


COUNTED = (
    "games",
    "finished",
    "won",
    "drawn",
    "survived",
    "eliminated",
    "left",
    "taken_over",
    "owed",
    "missed",
)


def rate_game(game_id: int) -> None:
    """Move the ratings of a finished game's players, one team a stint
    (a player who took a seat over gets the seat's end, the one who left it
    is ranked with the eliminated)."""
    stints = list(Stint.objects.filter(game_id=game_id, revealed=True).exclude(outcome=""))
    if len(stints) < 2:
        return
    users = {stint.user_id for stint in stints}
    for user_id in users:
        Figures.objects.get_or_create(user_id=user_id)
    rows = {row.user_id: row for row in Figures.objects.select_for_update().filter(user__in=users)}
    teams = [[MODEL.rating(mu=rows[s.user_id].mu, sigma=rows[s.user_id].sigma)] for s in stints]
    rated = MODEL.rate(teams, ranks=[float(RANK[Outcome(s.outcome)]) for s in stints])
    for stint, (after,) in zip(stints, rated, strict=True):
        row = rows[stint.user_id]
        row.mu, row.sigma, row.rating = after.mu, after.sigma, after.ordinal()
        row.rated_games += 1
        row.save(update_fields=["mu", "sigma", "rating", "rated_games"])


@transaction.atomic
def rebuild() -> int:
    """Every player's figures from the stored stints alone: the counts, then
    the ratings replayed game by game in the order the games ended."""
    Figures.objects.all().delete()
    recount(set(Stint.objects.values_list("user_id", flat=True)))
    ended = Stint.objects.filter(revealed=True, finished__isnull=False)
    games = sorted(set(ended.values_list("finished", "game_id")))
    for _, game_id in games:
        rate_game(game_id)
    return len(games)
