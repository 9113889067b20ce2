"""The settings page for API tokens: make one (its secret shown once), list, revoke."""

import re

from api.models import ApiToken
from api.tests.conftest import Api
from api.tokens import create_api_token
from games.tests.web.conftest import PASSWORD, client_for


def make(client, **fields):
    form = {"name": "bot", "scope": "play", "password": PASSWORD, **fields}
    return client.post("/accounts/tokens/", form)


def test_it_shows_the_new_secret_once_and_it_opens_the_api(people):
    client = client_for(people.player)
    page = make(client).content.decode()
    [secret] = re.findall(r"<code>(fogdip_[\w-]{40,})</code>", page)
    assert Api(secret).get("/games").status_code == 200
    assert secret not in client.get("/accounts/tokens/").content.decode()


def test_it_lists_my_tokens_with_prefix_scope_and_game(people, fog_game):
    made = create_api_token(people.player, "phone", "read", fog_game)
    create_api_token(people.other, "not mine", "read")
    page = client_for(people.player).get("/accounts/tokens/").content.decode()
    assert "phone" in page and made.token.prefix in page and fog_game.name in page
    assert "not mine" not in page


def test_it_limits_a_token_to_one_of_my_games(people, fog_game):
    make(client_for(people.player), game=fog_game.pk)
    assert ApiToken.objects.get(user=people.player).game_id == fog_game.pk


def test_it_refuses_a_game_i_have_no_part_in(people, fog_game):
    answer = make(client_for(people.stranger), game=fog_game.pk)
    assert "Select a valid choice" in answer.content.decode()
    assert not ApiToken.objects.exists()


def test_it_names_the_missing_name(people):
    form = {"scope": "read", "password": PASSWORD}
    answer = client_for(people.player).post("/accounts/tokens/", form)
    assert "This field is required" in answer.content.decode()
    assert not ApiToken.objects.exists()


def test_it_revokes_my_token_and_the_api_refuses_it(people):
    made = create_api_token(people.player, "bot", "read")
    answer = client_for(people.player).post(f"/accounts/tokens/{made.token.pk}/revoke/")
    assert answer.status_code == 302
    assert Api(made.secret).get("/games").status_code == 401


def test_it_does_not_revoke_anothers_token(people):
    made = create_api_token(people.other, "bot", "read")
    answer = client_for(people.player).post(f"/accounts/tokens/{made.token.pk}/revoke/")
    assert answer.status_code == 404
    assert Api(made.secret).get("/games").status_code == 200


def test_it_wants_the_sites_csrf_token(people):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(people.player)
    assert make(client).status_code == 403
