"""Players on the web, the mix of issue 16: open the game page and its map,
check orders three times while typing, submit; 2 to 4 s between steps.

Run by bench/web_load.py, which seeds the database and writes the players'
session cookies to the file named by FOGDIP_LOAD_PLAYERS (one JSON object per
player: session, csrf, game). FOGDIP_LOAD_NO_THINK=1 asks for the game page
alone with no wait, for the page's requests per second at saturation.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path
from typing import Any, cast

from locust import FastHttpUser, SequentialTaskSet, between, constant, task

PLAYERS = json.loads(Path(os.environ["FOGDIP_LOAD_PLAYERS"]).read_text())
NEXT_PLAYER = itertools.count()
NO_THINK = os.environ.get("FOGDIP_LOAD_NO_THINK") == "1"


class OrderingPlayer(SequentialTaskSet):
    """One round of the mix; the user then starts the next round."""

    @property
    def player(self) -> Player:
        return cast(Player, self.user)

    @task
    def open_game(self) -> None:
        self.player.get_page("game page", "")
        self.player.get_page("map", "map.png")

    @task
    def type_orders(self) -> None:
        self.player.check(1)

    @task
    def type_more(self) -> None:
        self.player.check(2)

    @task
    def type_the_rest(self) -> None:
        self.player.check(len(self.player.orders))

    @task
    def submit(self) -> None:
        self.player.submit()


class Player(FastHttpUser):
    wait_time = constant(0) if NO_THINK else between(2, 4)
    tasks = [] if NO_THINK else [OrderingPlayer]

    def on_start(self) -> None:
        me = PLAYERS[next(NEXT_PLAYER) % len(PLAYERS)]
        self.base = f"/games/{me['game']}/"
        self.csrf = me["csrf"]
        self.orders = me["orders"]
        self.cookies = f"sessionid={me['session']}; csrftoken={me['csrf']}"

    def headers(self, **more: str) -> dict[str, Any]:
        return {"Cookie": self.cookies, "Referer": f"{self.host}{self.base}", **more}

    def get_page(self, name: str, path: str) -> None:
        self.client.get(self.base + path, name=name, headers=self.headers())

    def check(self, lines: int) -> None:
        """The order page's check of what is typed so far: the first ``lines`` orders."""
        body = json.dumps({"text": "\n".join(self.orders[:lines])})
        headers = self.headers(**{"X-CSRFToken": self.csrf, "Content-Type": "application/json"})
        url = self.base + "orders/check/"
        self.client.post(url, body, name="order check", headers=headers)

    def submit(self) -> None:
        typed = "\n".join(random.sample(self.orders, len(self.orders)))
        form = {"csrfmiddlewaretoken": self.csrf, "typed": typed}
        with self.client.post(
            self.base + "orders/",
            data=form,
            name="submit",
            headers=self.headers(),
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 302:
                response.failure(f"submit answered {response.status_code}")
        self.get_page("game page", "")  # the redirect a browser follows

    @task
    def game_page_only(self) -> None:
        if NO_THINK:
            self.get_page("game page", "")
