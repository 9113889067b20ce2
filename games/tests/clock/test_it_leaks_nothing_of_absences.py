"""Who is away is hidden: in a fog game an absence moves no deadline, so
France's email and game page are the same bytes whether Germany is away on
the deadline's day, Italy is, or nobody is (docs/fog.md, "Over the whole
timeline"); the game master is not offered the setting there."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.actions.absences import declare_absence
from games.actions.base import ActionError
from games.actions.clock import set_clock_rules
from games.models import Game, Phase
from games.tests.clock.conftest import GAME_ID, as_read, deadline_mail
from games.tests.emails.conftest import make_game

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
# The countdown to the same deadline, worded at the moment each page is drawn.
COUNTDOWN = re.compile(r'<span class="muted">\(in [^)]*\)</span>')
DEADLINE = timezone.now().replace(microsecond=0) + timedelta(days=2)
DAY = DEADLINE.date()  # the games below keep UTC
RULES: dict[str, Any] = {
    "deadline_time": None,
    "skip_weekends": False,
    "grace_minutes": 60,
    "grace_extensions": 0,
    "ready_delay_minutes": 5,
    "absence_limit": 0,
}


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
    mail_c, page_c = world(None, "c", DAY)
    assert mail_a == mail_b == mail_c == []
    assert page_a == page_b == page_c


def test_the_absence_is_kept_and_the_deadline_stays() -> None:
    game, _, players = make_game("dc2005", "d")
    Phase.objects.filter(game=game, status=Phase.Status.OPEN).update(deadline=DEADLINE)
    declare_absence(game, players["GERMANY"], "GERMANY", DAY, DAY, timezone.now().date())
    assert game.absences.get().power == "GERMANY"  # the game master's console lists it
    assert game.phases.get(status=Phase.Status.OPEN).deadline == DEADLINE


def test_the_game_master_cannot_turn_absences_on_in_a_fog_game() -> None:
    game, master, _ = make_game("dc2005", "e")
    with pytest.raises(ActionError, match="absences move no deadline"):
        set_clock_rules(game, master, **{**RULES, "absence_limit": 1})
    assert set_clock_rules(game, master, **RULES).absence_limit == 0
