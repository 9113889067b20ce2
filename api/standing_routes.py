"""/api/v1/players/{username} and /api/v1/ranking: a player's public page and
the ranking, read-only, exactly as the web pages show them to the token's
owner (standing.pages; docs/standing.md). Nothing of a running fog or
anonymous game is in them."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from ninja import Router, Schema
from ninja.errors import HttpError

from api.answers import answers
from standing import pages
from standing.models import Figures, Stint

router = Router(tags=["players"])


class FiguresOut(Schema):
    games: int
    finished: int
    won: int
    drawn: int
    survived: int
    eliminated: int
    left: int
    taken_over: int
    owed: int
    missed: int
    reliability: float | None
    rating: float
    mu: float
    sigma: float
    rated_games: int


class StintOut(Schema):
    game_id: int
    game: str
    power: str
    took_over: bool
    outcome: str
    finished: datetime | None


class PlayerOut(Schema):
    username: str
    member_since: datetime
    shown: bool
    figures: FiguresOut | None
    playing: list[StintOut]
    finished: list[StintOut]


class RankedOut(Schema):
    rank: int
    username: str
    rating: float
    mu: float
    sigma: float
    rated_games: int
    reliability: float | None


def figures_out(row: Figures) -> dict[str, object]:
    return {name: getattr(row, name) for name in FiguresOut.model_fields}


def stint_out(stint: Stint) -> dict[str, object]:
    return {
        "game_id": stint.game_id,
        "game": stint.game.name,
        "power": stint.power,
        "took_over": stint.took_over,
        "outcome": stint.outcome,
        "finished": stint.finished,
    }


@router.get("/players/{username}", response=answers(PlayerOut, 404), summary="A player's page")
def player(request: HttpRequest, username: str) -> dict[str, object]:
    page = pages.player_page(request.user.pk, username)
    if page is None:
        raise HttpError(404, "No such player.")
    return {
        "username": page.player.get_username(),
        "member_since": page.player.date_joined,
        "shown": page.shown,
        "figures": figures_out(page.figures) if page.shown else None,
        "playing": [stint_out(stint) for stint in page.now],
        "finished": [stint_out(stint) for stint in page.finished],
    }


@router.get("/ranking", response=answers(list[RankedOut]), summary="The ranking")
def ranking(request: HttpRequest) -> list[dict[str, object]]:
    return [
        {
            "rank": place,
            "username": row.user.get_username(),
            "rating": row.rating,
            "mu": row.mu,
            "sigma": row.sigma,
            "rated_games": row.rated_games,
            "reliability": row.reliability,
        }
        for place, row in enumerate(pages.ranking(), start=1)
    ]
