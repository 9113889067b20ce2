"""A finished game's animations, drawn by a worker when the game ends.

The replay offers the whole board's animation and each power's own; the
first request for one would otherwise draw it inside the web request, a
frame for every phase (about half a second a frame the first time, so a
minute and more for a long game). Drawn here, on the pictures queue, they
are stored under the names the replay reads (games.maps_adapter), so every
request reads them. A request that comes before the task has run still
draws the animation itself, once.
"""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from games import maps_adapter
from games.models import Game, KnowledgeRecord
from games.records import records_of


@shared_task(name="games.tasks.draw_animations")
def draw_animations(game_id: int) -> int:
    """Every record series' animation (each power's, the observer's, the whole
    board's); the number drawn or found stored. Safe to run twice: a stored
    animation is read, not drawn."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED:
        return 0
    keys = KnowledgeRecord.objects.filter(game=game).values_list("power", flat=True)
    drawn = 0
    for key in sorted(set(keys)):
        records = [row.data for row in records_of(game, key)]
        if records:
            maps_adapter.animation_gif(records, game.name)
            drawn += 1
    return drawn


def enqueue_animations(game: Game) -> None:
    """Draw the game's animations in a worker once the ending commits."""
    game_id = game.pk
    transaction.on_commit(lambda: draw_animations.delay(game_id))
