"""Who is away is hidden: France's email and game page are the same bytes
whether Germany or Italy declared the absence that moved the deadline, and
an absence that moves nothing changes nothing France receives."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.actions.absences import declare_absence
from games.models import Game, Phase
from tests.clock.conftest import GAME_ID, as_read, deadline_mail
from tests.email.conftest import make_game

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
# The countdown to the same deadline, worded at the moment each page is drawn.
COUNTDOWN = re.compile(r'<span class="muted">\(in [^)]*\)</span>')
DEADLINE = timezone.now().replace(microsecond=0) + timedelta(days=2)
DAY = DEADLINE.date()  # the games below keep UTC


def france_page(game: Game, players: dict[str, Any], suffix: str) -> str:
    client = Client()
    client.force_login(players["FRANCE"])
    html = CSRF.sub("", client.get(reverse("game", args=[game.pk])).content.decode())
    html = COUNTDOWN.sub("", html)
    for user in players.values():  # the two games' usernames differ by the suffix
        html = html.replace(user.username, user.username.removesuffix(suffix))
    return GAME_ID.sub("/games/N/", html)


def world(away: str | None, suffix: str, first: date) -> tuple[list[tuple[str, str]], str]:
    """A fog game whose deadline is DEADLINE, where ``away`` (if anyone)
    declares an absence from ``first`` to the day after: what France receives."""
    game, _, players = make_game("dc2005", suffix)
    Phase.objects.filter(game=game, status=Phase.Status.OPEN).update(deadline=DEADLINE)
    today = timezone.now().date()
    if away is not None:
        declare_absence(game, players[away], away, first, first + timedelta(days=1), today)
    mail = [as_read(row) for row in deadline_mail(game, "FRANCE")]
    return mail, france_page(game, players, suffix)


def test_france_cannot_tell_who_is_away() -> None:
    mail_a, page_a = world("GERMANY", "a", DAY)
    mail_b, page_b = world("ITALY", "b", DAY)
    assert len(mail_a) == 1
    assert mail_a == mail_b
    assert page_a == page_b


def test_an_absence_that_moves_nothing_changes_nothing() -> None:
    later_day = DAY + timedelta(days=5)
    mail_a, page_a = world("GERMANY", "a", later_day)
    mail_b, page_b = world(None, "b", later_day)
    assert mail_a == mail_b == []
    assert page_a == page_b
