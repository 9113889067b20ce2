"""Pages draw their links with {% link %} (fogdip/templatetags/fogdip.py):
reverse()'s answer, remembered, and still right under another script prefix
(a site served from a sub-path). Static files' URLs, with {% asset %}, are
remembered too, and follow a change of where static files are served."""

from __future__ import annotations

from django.template import Context, Template
from django.urls import reverse, set_script_prefix

LINKS = "{% load fogdip %}{% link 'lobby' %} {% link 'game_press' 7 %} {% link 'game_press' 8 %}"


def drawn() -> str:
    return Template(LINKS).render(Context())


def test_it_draws_what_reverse_gives():
    expected = (
        f"{reverse('lobby')} {reverse('game_press', args=[7])} {reverse('game_press', args=[8])}"
    )
    assert drawn() == expected == "/lobby/ /games/7/press/ /games/8/press/"
    assert drawn() == expected  # and the same again, remembered


def test_it_follows_the_script_prefix():
    drawn()
    set_script_prefix("/fogdip/")
    try:
        assert drawn() == "/fogdip/lobby/ /fogdip/games/7/press/ /fogdip/games/8/press/"
    finally:
        set_script_prefix("/")
    assert drawn() == "/lobby/ /games/7/press/ /games/8/press/"


ASSETS = "{% load static fogdip %}{% asset 'css/fogdip.css' %} {% static 'css/fogdip.css' %}"


def test_it_draws_the_static_url_and_follows_a_new_one(settings):
    remembered, asked = Template(ASSETS).render(Context()).split()
    assert remembered == asked == "/static/css/fogdip.css"
    settings.STATIC_URL = "/assets/"
    remembered, asked = Template(ASSETS).render(Context()).split()
    assert remembered == asked == "/assets/css/fogdip.css"
