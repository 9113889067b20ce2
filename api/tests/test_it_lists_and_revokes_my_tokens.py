"""Tokens that expire, and a program listing and revoking its person's tokens."""

from __future__ import annotations

import re
from datetime import timedelta

from django.utils import timezone

from api.models import ApiToken
from api.tests.conftest import Api
from api.tokens import create_api_token
from games.tests.web.conftest import PASSWORD, client_for


def test_an_expired_token_opens_nothing(people):
    made = create_api_token(people.player, "bot", "read", expires=timezone.now() + timedelta(1))
    assert Api(made.secret).get("/games").status_code == 200
    ApiToken.objects.filter(pk=made.token.pk).update(expires=timezone.now() - timedelta(1))
    assert Api(made.secret).get("/games").status_code == 401


def test_the_page_makes_a_token_that_expires_and_shows_when(people):
    client = client_for(people.player)
    form = {"name": "bot", "scope": "read", "lifetime": "7", "password": PASSWORD}
    page = client.post("/accounts/tokens/", form).content.decode()
    token = ApiToken.objects.get(user=people.player)
    assert token.expires is not None
    assert timedelta(days=6, hours=23) < token.expires - timezone.now() <= timedelta(days=7)
    assert token.expires.strftime("%Y-%m-%d") in page
    assert re.search(r"<th>Expires</th>", page)


def test_a_token_made_without_a_lifetime_never_expires(people):
    form = {"name": "bot", "scope": "read", "password": PASSWORD}
    client_for(people.player).post("/accounts/tokens/", form)
    assert ApiToken.objects.get(user=people.player).expires is None


def test_a_program_lists_my_live_tokens_and_which_it_is(people):
    mine = create_api_token(people.player, "phone", "read")
    create_api_token(people.player, "bot", "play", expires=timezone.now() + timedelta(3))
    gone = create_api_token(people.player, "old", "read")
    ApiToken.objects.filter(pk=gone.token.pk).update(revoked=timezone.now())
    create_api_token(people.other, "not mine", "read")
    answer = Api(mine.secret).get("/tokens")
    assert answer.status_code == 200
    listed = {token["name"]: token for token in answer.json()}
    assert sorted(listed) == ["bot", "phone"]
    assert listed["phone"]["this_token"] and not listed["bot"]["this_token"]
    assert listed["bot"]["expires"] and listed["phone"]["expires"] is None
    assert mine.secret not in answer.content.decode()


def test_any_token_may_revoke_itself(people):
    made = create_api_token(people.player, "phone", "read")
    api = Api(made.secret)
    answer = api.post("/tokens/revoke", {"token_id": made.token.pk})
    assert answer.status_code == 200
    assert api.get("/games").status_code == 401


def test_revoking_another_takes_a_play_token(people):
    reader = create_api_token(people.player, "phone", "read")
    other = create_api_token(people.player, "bot", "read")
    refused = Api(reader.secret).post("/tokens/revoke", {"token_id": other.token.pk})
    assert refused.status_code == 403
    player = create_api_token(people.player, "laptop", "play")
    revoked = Api(player.secret).post("/tokens/revoke", {"token_id": other.token.pk})
    assert revoked.status_code == 200
    assert Api(other.secret).get("/games").status_code == 401


def test_anothers_token_is_as_if_it_did_not_exist(people):
    theirs = create_api_token(people.other, "bot", "read")
    mine = create_api_token(people.player, "laptop", "play")
    answer = Api(mine.secret).post("/tokens/revoke", {"token_id": theirs.token.pk})
    assert answer.status_code == 404
    assert Api(theirs.secret).get("/games").status_code == 200
