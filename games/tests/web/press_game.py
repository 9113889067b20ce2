"""Helpers for the press tests: a game where all seven powers have a player,
what one of them receives (page, JSON, email) with game ids and tokens
masked, so two games can be compared byte for byte."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.urls import reverse

from games import actions
from games.gateway import powers
from games.models import Game
from games.press.models import PressMessage
from games.tests.web.conftest import client_for
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of
from tests.fixtures import confirmed_user

POWERS = powers("standard")  # the standard board's, as these games play

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
A_MOMENT = datetime(1901, 3, 1, 12, 0, tzinfo=UTC)


@dataclass
class Table:
    """A game master and one player per power, shared by every game of a test."""

    gm: Any
    players: dict[str, Any]


def make_table(suffix: str = "") -> Table:
    gm = confirmed_user(f"press-gm{suffix}", f"gm{suffix}@example.org")
    players = {
        power: confirmed_user(f"{power.lower()}{suffix}", f"{power.lower()}@example.org")
        for power in POWERS
    }
    return Table(gm, players)


def press_game(table: Table, press_mode: str = "black", **fields: Any) -> Game:
    fields = {"name": "Parley", "preset": "standard", "start_year": 1901, **fields}
    game = actions.create_game(table.gm, press_mode=press_mode, **fields)
    for power, user in table.players.items():
        actions.join(game, user, [power])
    actions.assign_powers(game, table.gm, by_preference=True)
    actions.start_game(game, table.gm)
    game.refresh_from_db()
    return game


def send(
    game: Game, table: Table, power: str, to: list[str], body: str, shown_as: str = ""
) -> PressMessage:
    """Send at a fixed moment, so two games' pages can match to the byte."""
    message = actions.send_press(game, table.players[power], power, to, body, shown_as or power)
    PressMessage.objects.filter(pk=message.pk).update(created=A_MOMENT)
    return message


def masked(text: str, game: Game) -> str:
    text = CSRF.sub("", text)
    return text.replace(f"/games/{game.pk}/", "/games/N/")


def press_page(user: Any, game: Game) -> str:
    response = client_for(user).get(reverse("game_press", args=[game.pk]))
    assert response.status_code == 200
    return masked(response.content.decode(), game)


def press_json(user: Any, game: Game) -> str:
    response = client_for(user).get(reverse("game_press_json", args=[game.pk]))
    assert response.status_code == 200
    return masked(response.content.decode(), game)


def press_emails(game: Game, power: str) -> list[str]:
    """Every press email to ``power``: headers that matter, text, HTML."""
    rows = OutboxMessage.objects.filter(game=game, kind="press", power=power).order_by("pk")
    return [press_email(row, game) for row in rows]


def press_email(row: OutboxMessage, game: Game) -> str:
    email = build_message(draft_of(row))
    html = "".join(str(alternative[0]) for alternative in email.alternatives)
    # Random per message, so they differ between any two games; what matters is
    # that nothing else does.
    tokens = {row.context["press"]: "TOKEN", row.token: "MESSAGE-TOKEN"}
    text = "\n".join([str(email.subject), row.message_id_header, str(email.body), html])
    for token, placeholder in tokens.items():
        text = text.replace(token, placeholder)
    return masked(text, game)
