"""Players on the web, the mix of issue 16: open the game page and its map,
check orders three times while typing, submit; 2 to 4 s between steps. An
open page also asks games/status.json every 30 s, as the dashboard's and the
game page's live notices do (a server without that route answers 404 once
and is not asked again, so older commits measure the same mix without it).

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
import time
from pathlib import Path
from typing import Any, cast

from locust import FastHttpUser, SequentialTaskSet, between, constant, task

PLAYERS = json.loads(Path(os.environ["FOGDIP_LOAD_PLAYERS"]).read_text())
NEXT_PLAYER = itertools.count()
NO_THINK = os.environ.get("FOGDIP_LOAD_NO_THINK") == "1"
POLL_SECONDS = 30


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
        self.polls = not NO_THINK
        self.last_poll = time.monotonic() - random.uniform(0, POLL_SECONDS)

    def poll_status(self) -> None:
        """The open page's live status, at most once in POLL_SECONDS."""
        if not self.polls or time.monotonic() - self.last_poll < POLL_SECONDS:
            return
        self.last_poll = time.monotonic()
        with self.client.get(
            "/games/status.json", name="status", headers=self.headers(), catch_response=True
        ) as response:
            if response.status_code == 404:
                self.polls = False  # a commit from before live status
                response.success()

    def headers(self, **more: str) -> dict[str, Any]:
        return {"Cookie": self.cookies, "Referer": f"{self.host}{self.base}", **more}

    def get_page(self, name: str, path: str) -> None:
        self.poll_status()
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
