"""What a player's page and the ranking read: a few queries each, however
long a player's history (the lists are cut at a fixed length)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from standing.gate import figures_of
from standing.models import Figures, PageChoice, Stint

GAMES_LISTED = 20
RANKING_LENGTH = 100


@dataclass(frozen=True)
class PlayerPage:
    player: Any
    figures: Figures
    shown: bool  # False: the player hides the page from the viewer
    hidden_by_choice: bool
    now: list[Stint]
    finished: list[Stint]


def revealed_stints(user_id: int) -> QuerySet[Stint]:
    return Stint.objects.filter(user_id=user_id, revealed=True).select_related("game")


def shares_a_game(viewer_id: int | None, player_id: int) -> bool:
    """Whether the viewer played in a game with the player, as far as anyone
    may know: revealed stints only (a running anonymous game tells nothing)."""
    if viewer_id is None:
        return False
    theirs = Stint.objects.filter(user_id=player_id, revealed=True).values("game_id")
    return Stint.objects.filter(user_id=viewer_id, revealed=True, game_id__in=theirs).exists()


def is_hidden(user_id: int) -> bool:
    return PageChoice.objects.filter(user_id=user_id, hidden=True).exists()


def may_see(viewer_id: int | None, player_id: int) -> bool:
    if viewer_id == player_id or not is_hidden(player_id):
        return True
    return shares_a_game(viewer_id, player_id)


def player_page(viewer_id: int | None, username: str) -> PlayerPage | None:
    player = get_user_model().objects.filter(username=username, is_active=True).first()
    if player is None:
        return None
    hidden = is_hidden(player.pk)
    if hidden and viewer_id != player.pk and not shares_a_game(viewer_id, player.pk):
        return PlayerPage(player, Figures(user_id=player.pk), False, True, [], [])
    stints = revealed_stints(player.pk)
    # Only a revealed stint is listed: a full-information game without anonymity.
    now = list(stints.filter(finished__isnull=True, outcome="").order_by("-started")[:GAMES_LISTED])
    done = stints.filter(finished__isnull=False).order_by("-finished", "-pk")
    return PlayerPage(player, figures_of(player.pk), True, hidden, now, list(done[:GAMES_LISTED]))


def ranking(limit: int = RANKING_LENGTH) -> list[Figures]:
    """The rated players by rating (mu - 3 sigma), those who hide their page left out."""
    rated = Figures.objects.filter(rated_games__gt=0).exclude(user__page_choice__hidden=True)
    return list(rated.select_related("user").order_by("-rating", "user__username")[:limit])


def set_hidden(user: Any, hidden: bool) -> None:
    PageChoice.objects.update_or_create(user=user, defaults={"hidden": hidden})
