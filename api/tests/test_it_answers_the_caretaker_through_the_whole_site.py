"""The caretaker's in-process requests are answered as a program's over HTTP are:
through the site's middleware and the API's own checks, not beside them; its
pass opens what a play token limited to its seat's game would, and no more."""

import json

from django.core.handlers.wsgi import WSGIRequest
from django.db import connection
from django.test import Client

from api.in_process import API, in_process, own_address, site_handler, wsgi_environ
from api.seat_pass import ENVIRON_KEY, seat_pass


def test_the_middleware_answers_it_as_any_request(people, fog_game):
    status, body = in_process(seat_pass(people.player, fog_game))(
        "GET", f"/games/{fog_game.pk}", None
    )
    assert status == 200
    assert json.loads(body)["powers"]


def test_a_pass_opens_only_its_persons_record(people, fog_game):
    """Someone who plays no power there reads no power's record."""
    status, body = in_process(seat_pass(people.stranger, fog_game))(
        "GET", f"/games/{fog_game.pk}/record", None
    )
    assert status in (403, 404)
    assert b"units" not in body


def test_the_pass_is_scoped_as_a_token_for_one_game_is(people, fog_game, game):
    """A pass for one game opens no other game, as a token limited to it would."""
    status, _ = in_process(seat_pass(people.player, fog_game))(
        "GET", f"/games/{game.pk}/record", None
    )
    assert status in (403, 404)


def test_a_security_header_shows_the_middleware_ran(people, fog_game):
    environ = wsgi_environ(
        "GET", f"{API}/games/{fog_game.pk}", b"", seat_pass(people.player, fog_game)
    )
    answer = site_handler().get_response(WSGIRequest(environ))
    assert answer.status_code == 200
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert "X-Content-Type-Options" in answer.headers


def test_it_leaves_the_database_connection_open(people, fog_game):
    """WSGIHandler's request_finished would close it, inside the pass's transaction."""
    in_process(seat_pass(people.player, fog_game))("GET", f"/games/{fog_game.pk}", None)
    assert connection.connection is not None
    assert not connection.needs_rollback


def test_it_addresses_a_host_the_site_accepts(settings):
    settings.SITE_URL = "https://fogdip.example"
    settings.ALLOWED_HOSTS = ["fogdip.example"]
    assert own_address() == ("https", "fogdip.example", "443")
    settings.ALLOWED_HOSTS = [".other.example"]
    assert own_address() == ("https", "other.example", "443")


def test_a_site_served_over_https_answers_it_without_a_redirect(people, fog_game, settings):
    """Production redirects plain HTTP to HTTPS: the pass addresses the site as
    SITE_URL names it, so it is answered, not sent elsewhere."""
    settings.SITE_URL = "https://fogdip.example"
    settings.ALLOWED_HOSTS = ["fogdip.example"]
    settings.SECURE_SSL_REDIRECT = True
    site_handler.cache_clear()  # the middleware reads its settings when loaded
    carried = seat_pass(people.player, fog_game)
    try:
        status, _ = in_process(carried)("GET", f"/games/{fog_game.pk}", None)
        settings.SITE_URL = "http://fogdip.example"
        plain, _ = in_process(carried)("GET", f"/games/{fog_game.pk}", None)
    finally:
        site_handler.cache_clear()
    assert status == 200
    assert plain == 301, "the redirect is on: only the right address gets past it"


def test_a_header_of_the_passs_name_opens_nothing(people, fog_game):
    """Over HTTP a header arrives as an HTTP_ key, and as text: never a pass."""
    client = Client(headers={"fogdip.seat_pass": "france"})
    assert client.get(f"{API}/games/{fog_game.pk}").status_code == 401
    environ = {ENVIRON_KEY: "france"}
    assert client.get(f"{API}/games/{fog_game.pk}", **environ).status_code == 401
