"""The game page and the partials it shares are Jinja2 templates
(templates/jinja2/), brought into Django's pages by {% jinja %}: Django's
filters read the same there, a missing value draws as nothing, and every
form on a page carries the page's one CSRF token."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from html import unescape
from typing import Any

import pytest
from django.template import Context, Template, engines
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.tests.web.conftest import Personas

WHEN = datetime(2026, 3, 1, 23, 30, tzinfo=UTC)
# Each Django expression beside its Jinja2 spelling.
SAME = [
    ('{{ when|date:"D j M, H:i T" }}', '{{ when|date("D j M, H:i T") }}'),
    ("{{ when|utc|date:'c' }}", "{{ when|utc|date('c') }}"),
    ('{{ when|timezone:"Asia/Tokyo"|date:"D H:i T" }}',
     '{{ when|timezone("Asia/Tokyo")|date("D H:i T") }}'),
    ('{{ day|date:"D Y-m-d" }}', '{{ day|date("D Y-m-d") }}'),
    ("{{ power|title }} {{ name|title }}", "{{ power|title }} {{ name|title }}"),
    ("{{ one }} time{{ one|pluralize }}, {{ two }} time{{ two|pluralize }}",
     "{{ one }} time{{ one|pluralize }}, {{ two }} time{{ two|pluralize }}"),
    ("{{ spring|phase_label }}", "{{ spring|phase_label }}"),
]  # fmt: skip
VALUES = {
    "when": WHEN,
    "day": date(2026, 12, 31),
    "power": "AUSTRIA",
    "name": "o'neil's 2nd army",
    "one": 1,
    "two": 2,
    "spring": "S1901M",
}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def by_django(source: str) -> str:
    return Template("{% load tz fogdip %}" + source).render(Context(VALUES))


def by_jinja2(source: str) -> str:
    return engines["jinja2"].from_string(source).render(VALUES)


@pytest.mark.parametrize(("django", "jinja2"), SAME)
def test_djangos_filters_read_the_same(django: str, jinja2: str) -> None:
    # A reader far from UTC: the date filter shows their own time, as Django's engine does.
    with timezone.override("America/New_York"):
        # Escaped alike but for spelling: Jinja2 writes &#39; where Django writes &#x27;.
        assert unescape(by_jinja2(jinja2)) == unescape(by_django(django)) != ""


def test_a_missing_value_draws_nothing(settings: Any) -> None:
    settings.DEBUG = True  # Django would pick a debugging Undefined here; ours does not
    source = "[{{ sheet.ready }}|{{ nothing.at.all }}|{% if sheet.updated %}x{% endif %}]"
    assert engines["jinja2"].from_string(source).render({"sheet": None}) == "[||]"


def test_a_django_page_draws_a_partial_with_its_values_and_its_own(db: None) -> None:
    game = Game(name="Fog over <Flanders>", status=Game.Status.ACTIVE)
    page = Template('{% load fogdip %}{% jinja "games/_status.html" game=other %}|{{ game.name }}')
    other = Game(status=Game.Status.PAUSED)
    drawn = page.render(Context({"game": game, "other": other}))
    assert drawn == '<span class="badge status-paused">Paused</span>|Fog over &lt;Flanders&gt;'


def test_every_form_on_the_game_page_carries_the_pages_one_token(
    people: Personas, game: Game
) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(people.player)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    tokens = TOKEN.findall(page)
    assert len(tokens) >= 4 and len(set(tokens)) == 1
    answer = client.post(
        reverse("game_ready", args=[game.pk]), {"ready": "on", "csrfmiddlewaretoken": tokens[0]}
    )
    assert answer.status_code == 302


def test_a_page_drawn_without_a_request_has_no_token() -> None:
    page = Template('{% load fogdip %}{% jinja "games/_votes.html" %}')
    vote = {"open_proposal": "", "can_vote": True, "last_outcome": ""}
    drawn = page.render(Context({"vote": vote, "game": Game(pk=3)}))
    assert "csrfmiddlewaretoken" not in drawn and 'action="/games/3/propose/"' in drawn
