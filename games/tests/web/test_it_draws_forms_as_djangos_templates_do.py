"""Form fields are drawn by Django's Jinja2 form renderer (FORM_RENDERER), for
speed: every page with a form, empty or sent back with errors, is the page
Django's own template renderer draws, but for whitespace between tags and
the spelling of one entity (see BETWEEN_TAGS)."""

from __future__ import annotations

import re

import pytest

from games.tests.web.conftest import client_for

DJANGO = "django.forms.renderers.DjangoTemplates"
JINJA2 = "django.forms.renderers.Jinja2"
OURS = "common.form_rendering.FormRenderer"  # Jinja2's, its labels written out
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
# The two renderers differ only in whitespace a browser folds into one space or
# drops (line breaks between a menu's options, before a checkbox's label), and
# in how they spell two escaped characters: Django &#x27; and &quot;, Jinja2
# &#39; and &#34;.
# A text area's content, where whitespace counts, is compared as it is.
SPACE = re.compile(r"\s+")
BETWEEN_TAGS = re.compile(r"> <")
TEXT_AREA = re.compile(r"<textarea.*?</textarea>", re.DOTALL)

PAGES = [
    ("player", "/games/{game}/"),
    ("gm", "/games/{game}/console/"),
    ("gm", "/games/{game}/console/board/"),
    ("gm", "/games/{game}/console/message/"),
    ("gm", "/games/new/"),
    ("player", "/accounts/profile/"),
    ("player", "/games/{game}/press/"),
    (None, "/accounts/signup/"),
    (None, "/accounts/login/"),
]
REFUSED_POSTS = [
    (None, "/accounts/signup/", {"username": "x", "password1": "a", "password2": "b"}),
    ("gm", "/games/new/", {"name": "", "preset": "nonsense"}),
    (None, "/accounts/login/", {"username": "nobody", "password": "wrong"}),
]


def page(client, method: str, url: str, data: dict[str, str] | None = None) -> str:
    response = getattr(client, method)(url, data) if data else client.get(url)
    return CSRF.sub('name="csrfmiddlewaretoken" value=""', response.content.decode())


def as_shown(html: str) -> str:
    folded = BETWEEN_TAGS.sub("><", SPACE.sub(" ", html))
    return folded.replace("&#39;", "&#x27;").replace("&#34;", "&quot;")


def both_ways(settings, fetch, first: str = DJANGO) -> tuple[str, str]:
    settings.FORM_RENDERER = first
    django = fetch()
    settings.FORM_RENDERER = OURS
    return django, fetch()


def user(people, name):
    return getattr(people, name) if name else None


@pytest.mark.parametrize(("who", "url"), PAGES)
def test_every_page_with_a_form_is_the_same(settings, people, game, who, url):
    client = client_for(user(people, who))
    django, jinja2 = both_ways(settings, lambda: page(client, "get", url.format(game=game.pk)))
    assert "<form" in django
    assert as_shown(jinja2) == as_shown(django)
    assert TEXT_AREA.findall(jinja2) == TEXT_AREA.findall(django)


@pytest.mark.parametrize(("who", "url", "data"), REFUSED_POSTS)
def test_a_form_sent_back_with_its_errors_is_the_same(settings, people, who, url, data):
    client = client_for(user(people, who))
    django, jinja2 = both_ways(settings, lambda: page(client, "post", url, data))
    assert "errorlist" in django
    assert as_shown(jinja2) == as_shown(django)
    assert TEXT_AREA.findall(jinja2) == TEXT_AREA.findall(django)


@pytest.mark.parametrize(("who", "url"), PAGES)
def test_our_labels_are_the_bytes_of_djangos_jinja2_template(settings, people, game, who, url):
    client = client_for(user(people, who))
    fetch = lambda: page(client, "get", url.format(game=game.pk))  # noqa: E731
    stock, ours = both_ways(settings, fetch, first=JINJA2)
    assert "<label" in stock
    assert ours == stock


def test_the_renderer_in_use_is_ours():
    from django.conf import settings

    assert settings.FORM_RENDERER == OURS
