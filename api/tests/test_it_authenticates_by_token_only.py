"""Only a live bearer token opens the API: not a session, not a revoked token."""

from api.tests.conftest import Api, api_for
from api.tokens import create_api_token, revoke_api_token
from games.tests.web.conftest import client_for


def test_it_refuses_a_request_without_a_token(people):
    assert Api(None).get("/games").status_code == 401


def test_it_refuses_a_signed_in_session(people):
    answer = client_for(people.player).get("/api/v1/games")
    assert answer.status_code == 401


def test_it_refuses_an_unknown_token_as_it_refuses_a_revoked_one(people):
    made = create_api_token(people.player, "old", "read")
    revoke_api_token(people.player, made.token.pk)
    revoked = Api(made.secret).get("/games")
    unknown = Api("fogdip_" + "x" * 43).get("/games")
    assert revoked.status_code == unknown.status_code == 401
    assert revoked.content == unknown.content


def test_it_stores_only_a_digest_of_the_secret(people):
    made = create_api_token(people.player, "bot", "read")
    made.token.refresh_from_db()
    assert made.secret not in (made.token.digest, made.token.prefix)
    assert len(made.token.digest) == 64


def test_it_lists_my_games_with_my_power(people, fog_game):
    answer = api_for(people.player).get("/games")
    assert answer.status_code == 200
    [game] = answer.json()
    assert (game["id"], game["power"], game["preset"]) == (fog_game.pk, "FRANCE", "dc2005")
    assert game["phase"]["name"] == "S1901M"


def test_a_token_for_one_game_opens_no_other(people, fog_game):
    api = api_for(people.player, game=fog_game)
    assert api.get(f"/games/{fog_game.pk}").status_code == 200
    assert api.get(f"/games/{fog_game.pk + 1000}").status_code == 404


def test_a_stranger_finds_the_game_missing(people, fog_game):
    assert api_for(people.stranger).get(f"/games/{fog_game.pk}").status_code == 404


def test_it_limits_requests_per_token(people, fog_game, settings):
    from fogdip.settings import env_rate

    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": env_rate("NO_SUCH_VAR", "3/m")}
    api = api_for(people.player)
    codes = [api.get("/games").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
