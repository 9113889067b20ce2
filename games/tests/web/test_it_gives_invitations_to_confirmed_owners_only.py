"""An invitation for an address is claimed only by the account that confirmed
that address: signing up with it, unconfirmed, takes nothing. The page shows
the invited address to its confirmed owner only, and its refusal says the
same words to everyone, suggesting nothing of whose the address is."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games import actions
from games.models import Invitation
from games.tests.web.conftest import PASSWORD, Personas, client_for, forming_game
from postoffice.actions import confirm_address
from tests.fixtures import confirmed_user

INVITED = "friend@example.com"


@pytest.fixture
def invited(people: Personas) -> Invitation:
    return actions.invite(forming_game(people), people.gm, INVITED)


def main(answer: Any) -> str:
    """The page's own part (the banner above it names the viewer's own address)."""
    return unescape(answer.content.decode()).split("<main", 1)[1].split("</main>", 1)[0]


def page(client: Any, invitation: Invitation) -> str:
    return main(client.get(f"/invitations/{invitation.token}/"))


def claim(client: Any, invitation: Invitation) -> str:
    return main(client.post(f"/invitations/{invitation.token}/", {}, follow=True))


def test_signing_up_with_the_invited_address_takes_nothing(people, invited) -> None:
    squatter = get_user_model().objects.create_user("squatter", INVITED, PASSWORD)
    refused = claim(client_for(squatter), invited)
    assert "This invitation is not for this account" in refused
    assert not invited.game.seats.filter(user=squatter).exists()
    invited.refresh_from_db()
    assert invited.accepted is None


def test_once_the_address_is_confirmed_it_takes_the_invitation(people, invited) -> None:
    friend = get_user_model().objects.create_user("friend", INVITED, PASSWORD)
    claim(client_for(friend), invited)
    confirm_address(friend, INVITED)
    claim(client_for(friend), invited)
    assert invited.game.seats.filter(user=friend).exists()


def test_only_the_confirmed_owner_is_shown_the_invited_address(people, invited) -> None:
    squatter = get_user_model().objects.create_user("squatter", INVITED, PASSWORD)
    owner = confirmed_user("friend", INVITED, PASSWORD)
    assert INVITED in page(client_for(owner), invited)
    for someone in (people.stranger, squatter):
        assert INVITED not in page(client_for(someone), invited)
        assert INVITED not in claim(client_for(someone), invited)


def test_the_refusal_is_the_same_for_every_address(people, invited) -> None:
    squatter = get_user_model().objects.create_user("squatter", INVITED, PASSWORD)
    elsewhere = get_user_model().objects.create_user("elsewhere", "else@example.com", PASSWORD)
    said = [claim(client_for(user), invited) for user in (squatter, elsewhere)]
    assert said[0] == said[1]
    assert "sign up" not in said[0].lower()
