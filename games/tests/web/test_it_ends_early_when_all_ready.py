"""When every seated power says it is ready, the phase ends after the game's
short delay (not at once), and taking "ready" back inside it cancels the early
end. The last click looks like any other: same response, same page, same
deadline shown (docs/lifecycle.md, "The early end")."""

from __future__ import annotations

import re
from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import actions
from games.models import Game, Phase
from games.tests.web.conftest import Personas, open_phase

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def ready(people: Personas, name: str, game: Game, on: bool = True):
    url = reverse("game_ready", args=[game.pk])
    return people.client(name).post(url, {"ready": "on" if on else "off"})


def sweep_at(later: timedelta) -> list[int]:
    claimed = actions.claim_due_phases(timezone.now() + later)
    for pk in claimed:
        actions.adjudicate_phase(pk)
    return claimed


def test_it_waits_while_anyone_is_not_ready(people: Personas, game: Game) -> None:
    ready(people, "player", game)
    assert open_phase(game).name == "S1901M"
    assert open_phase(game).early_end is None
    assert "You are ready" in people.client("player").get(f"/games/{game.pk}/").content.decode()


def test_it_ends_the_phase_after_the_delay(people: Personas, fog_game: Game) -> None:
    ready(people, "player", fog_game)
    ready(people, "other", fog_game)
    phase = open_phase(fog_game)
    assert phase.name == "S1901M" and phase.status == Phase.Status.OPEN
    assert sweep_at(timedelta(minutes=4)) == []
    assert sweep_at(timedelta(minutes=5, seconds=1)) == [phase.pk]
    assert fog_game.phases.get(name="S1901M").status == Phase.Status.DONE
    assert open_phase(fog_game).name == "S1901R"


def test_it_keeps_the_deadline_players_see(people: Personas, fog_game: Game) -> None:
    deadline = open_phase(fog_game).deadline
    ready(people, "player", fog_game)
    ready(people, "other", fog_game)
    phase = open_phase(fog_game)
    assert phase.deadline == deadline
    assert phase.early_end is not None and phase.early_end < deadline
    page = people.client("player").get(reverse("game", args=[fog_game.pk])).content.decode()
    console = people.client("gm").get(reverse("console", args=[fog_game.pk])).content.decode()
    assert "Everyone is ready" in console and "Everyone is ready" not in page


def test_it_lets_a_player_take_ready_back(people: Personas, game: Game) -> None:
    ready(people, "player", game)
    ready(people, "other", game)
    ready(people, "player", game, on=False)
    assert open_phase(game).early_end is None
    assert sweep_at(timedelta(minutes=10)) == []
    assert open_phase(game).name == "S1901M"


def test_it_never_ends_later_than_the_deadline(people: Personas, game: Game) -> None:
    soon = timezone.now() + timedelta(minutes=2)
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=soon)
    ready(people, "player", game)
    ready(people, "other", game)
    assert open_phase(game).early_end == soon


def test_it_uses_the_games_own_delay(people: Personas, game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(ready_delay_minutes=30)
    ready(people, "player", game)
    ready(people, "other", game)
    assert sweep_at(timedelta(minutes=29)) == []
    assert len(sweep_at(timedelta(minutes=30, seconds=1))) == 1


def click_and_look(client: Client, game: Game) -> tuple[int, str, bytes, str]:
    response = client.post(reverse("game_ready", args=[game.pk]), {"ready": "on"})
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    return response.status_code, response["Location"], response.content, CSRF.sub("", page)


def test_the_last_click_looks_like_any_other(people: Personas, fog_game: Game) -> None:
    france = people.client("player")
    alone = click_and_look(france, fog_game)
    ready(people, "player", fog_game, on=False)
    ready(people, "other", fog_game)
    last = click_and_look(france, fog_game)
    assert open_phase(fog_game).early_end is not None  # this click did end the phase early
    assert last == alone
