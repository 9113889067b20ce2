"""Who is missing orders is hidden: France's email and game page are the same
bytes whether Germany or Italy sent nothing (two fog games, one each); only
the late power itself is told (whether anyone is late at all:
test_it_gives_fog_games_grace_whoever_is_late.py)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import actions
from games.models import Game, Phase
from games.tests.clock.conftest import GAME_ID, as_read, deadline_mail
from games.tests.emails.conftest import make_game

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
# The countdown to the same deadline, worded at the moment each page is drawn.
COUNTDOWN = re.compile(r'<span class="muted">\(in [^)]*\)</span>')
DEADLINE = timezone.now().replace(microsecond=0) + timedelta(hours=1)
SWEPT_AT = DEADLINE + timedelta(minutes=1)


def france_page(game: Game, players: dict[str, Any], suffix: str) -> str:
    client = Client()
    client.force_login(players["FRANCE"])
    html = CSRF.sub("", client.get(reverse("game", args=[game.pk])).content.decode())
    html = COUNTDOWN.sub("", html)
    for user in players.values():  # the two games' usernames differ by the suffix
        html = html.replace(user.username, user.username.removesuffix(suffix))
    return GAME_ID.sub("/games/N/", html)


def world(silent: str, suffix: str) -> tuple[list[tuple[str, str]], str]:
    """A fog game where every power but ``silent`` says it is ready, swept
    just after its deadline: what France then receives."""
    game, _, players = make_game("dc2005", suffix)
    Game.objects.filter(pk=game.pk).update(grace_minutes=60, grace_extensions=1)
    phase = game.phases.get(status=Phase.Status.OPEN)
    for power, user in players.items():
        if power != silent:
            actions.set_ready(phase, user, power, True)
    Phase.objects.filter(pk=phase.pk).update(deadline=DEADLINE)
    assert actions.claim_due_phases(SWEPT_AT) == []
    assert [row.power for row in deadline_mail(game)] == [silent]
    mail = [as_read(row) for row in deadline_mail(game, "FRANCE")]
    return mail, france_page(game, players, suffix)


def test_france_cannot_tell_who_is_missing_orders() -> None:
    mail_a, page_a = world("GERMANY", "a")
    mail_b, page_b = world("ITALY", "b")
    assert mail_a == mail_b == []
    assert page_a == page_b
