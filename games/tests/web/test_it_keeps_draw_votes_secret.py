"""Nothing a player receives depends on other powers' votes: not the game
page, not the vote emails; only the outcome is ever announced."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.clock.conftest import sweep
from games.tests.emails.conftest import make_game
from games.tests.web.conftest import open_phase, pass_deadline
from postoffice.models import OutboxMessage

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
DEADLINE = re.compile(r'<time datetime="[^"]+">[^<]+</time>')  # two games, two start times


def page_of(user: Any, game: Game) -> str:
    client = Client()
    client.force_login(user)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    return CSRF.sub("", html)


def end_phase(game: Game) -> None:
    pass_deadline(open_phase(game))
    sweep()


def mail_of(game: Game, power: str) -> list[tuple[str, dict[str, Any]]]:
    rows = OutboxMessage.objects.filter(game=game, power=power, kind=OutboxMessage.Kind.VOTE)
    return [(row.kind, row.context) for row in rows.order_by("created", "id")]


@pytest.mark.parametrize("germany_says", [True, False])
def test_france_sees_the_same_bytes_whatever_germany_votes(germany_says: bool) -> None:
    game, _, players = make_game("dc2005")
    actions.propose_draw(game, players["ENGLAND"], "ENGLAND")
    page, mail = page_of(players["FRANCE"], game), mail_of(game, "FRANCE")
    actions.vote(game, players["GERMANY"], "GERMANY", germany_says)
    assert page_of(players["FRANCE"], game) == page
    assert mail_of(game, "FRANCE") == mail


def test_the_outcome_does_not_say_who_said_no() -> None:
    outcomes = []
    for suffix, naysayer in (("a", "GERMANY"), ("b", "ITALY")):
        game, _, players = make_game("dc2005", suffix)
        actions.propose_draw(game, players["ENGLAND"], "ENGLAND")
        for power, user in players.items():
            if power != "ENGLAND":
                actions.vote(game, user, power, power != naysayer)
        end_phase(game)  # a fog game's proposal is decided with its phase
        page = re.sub(r"/games/\d+/", "/games/N/", page_of(players["FRANCE"], game))
        page = DEADLINE.sub("", page)
        for user in players.values():  # the two games' usernames differ by the suffix
            page = page.replace(user.username, user.username.removesuffix(suffix))
        outcomes.append((mail_of(game, "FRANCE"), page))
    (mail_a, page_a), (mail_b, page_b) = outcomes
    assert mail_a == mail_b
    assert mail_a[-1][1]["outcome"] == "did not pass"
    assert page_a == page_b
