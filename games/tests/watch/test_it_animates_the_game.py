"""The animated maps: the whole board's after the end, and each power's own
fogged history (its own during the game too), drawn from the stored pictures
and kept in storage under a name made from its frames."""

from __future__ import annotations

import io

from django.core.files.storage import default_storage
from django.urls import reverse
from PIL import Image, ImageChops

from games import maps_adapter
from games.models import Game
from games.tests.watch.finished import finished_game, running_game
from games.tests.web.conftest import Personas
from maps.legend import LEGEND_TOP, PANEL_ORIGIN, legend


def animation(people: Personas, who: str, game: Game, power: str = "") -> tuple[int, bytes]:
    query = f"?power={power}" if power else ""
    response = people.client(who).get(reverse("game_animation", args=[game.pk]) + query)
    return response.status_code, response.content


def frames(gif: bytes) -> int:
    return int(getattr(Image.open(io.BytesIO(gif)), "n_frames", 1))


def test_it_animates_the_whole_board_after_the_end(people: Personas) -> None:
    game = finished_game(people)
    status, gif = animation(people, "player", game, "ALL")
    assert status == 200 and gif.startswith(b"GIF89a")
    assert frames(gif) == game.records.filter(power="").count()


def test_it_draws_each_frame_as_the_map_page_does(people: Personas) -> None:
    """The same picture, but for the legend: a frame keeps its drawn legend
    (an animation stands alone), the page sets its legend beside the map."""
    game = finished_game(people)
    _, gif = animation(people, "player", game, "TURKEY")
    spring = Image.open(io.BytesIO(gif))
    spring.seek(1)
    url = reverse("game_map", args=[game.pk, 1]) + "?power=TURKEY"
    page = Image.open(io.BytesIO(people.client("player").get(url).content))
    frame, shown = spring.convert("RGB"), page.convert("RGB")
    width, height = legend(1.0).size
    left, top = PANEL_ORIGIN[0], LEGEND_TOP
    changed = ImageChops.difference(frame, shown).getbbox()
    assert changed is not None
    assert left <= changed[0] and top <= changed[1]
    assert changed[2] <= left + width and changed[3] <= top + height


def test_it_keeps_the_animation_and_reads_it_back(people: Personas, monkeypatch: object) -> None:
    game = finished_game(people)
    _, first = animation(people, "player", game, "ALL")
    stored = [name for name in list_animations() if default_storage.size(name) == len(first)]
    assert stored

    def no_drawing(*args: object) -> bytes:
        raise AssertionError("the animation was drawn again")

    monkeypatch.setattr(maps_adapter, "animate", no_drawing)  # type: ignore[attr-defined]
    assert animation(people, "other", game, "ALL") == (200, first)


def list_animations() -> list[str]:
    folders, _ = default_storage.listdir("animations")
    return [
        f"animations/{folder}/{name}"
        for folder in folders
        for name in default_storage.listdir(f"animations/{folder}")[1]
    ]


def test_it_gives_a_player_their_own_animation_during_the_game(people: Personas) -> None:
    game = running_game(people)
    status, gif = animation(people, "player", game)
    assert status == 200 and frames(gif) == 2
    assert animation(people, "player", game, "FRANCE")[0] == 200


def test_it_refuses_others_animations_during_the_game(people: Personas) -> None:
    game = running_game(people, spectators_allowed=True)
    assert animation(people, "player", game, "ALL")[0] == 404
    assert animation(people, "player", game, "TURKEY")[0] == 404
    assert animation(people, "stranger", game, "FRANCE")[0] == 404


def test_it_names_the_download(people: Personas) -> None:
    game = finished_game(people)
    url = reverse("game_animation", args=[game.pk]) + "?power=FRANCE"
    response = people.client("player").get(url)
    assert response["Content-Disposition"] == 'attachment; filename="test-game-france.gif"'


def test_it_keeps_a_new_file_when_the_pace_changes(people: Personas, monkeypatch: object) -> None:
    game = finished_game(people)
    animation(people, "player", game, "ALL")
    before = set(list_animations())
    monkeypatch.setattr(maps_adapter, "FRAME_MS", 900)  # type: ignore[attr-defined]
    animation(people, "player", game, "ALL")
    assert len(set(list_animations()) - before) == 1
