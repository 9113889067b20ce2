"""An invitation is for its address, once; or, if the game master approves,
for another confirmed account that asked for it, once, and then no longer
for the address. Each step is in the game log; the asker learns nothing of
the game beyond what the invitation page shows."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games import actions
from games.models import Game, Invitation, InvitationRequest
from games.tests.web.conftest import PASSWORD, Personas, client_for, forming_game
from postoffice.models import OutboxMessage
from postoffice.sending import send_outbox_message
from tests.fixtures import confirmed_user

INVITED = "friend@example.com"


@pytest.fixture
def invited(people: Personas) -> Invitation:
    game = forming_game(people)
    return actions.invite(game, people.gm, INVITED)


def page(client: Any, invitation: Invitation) -> str:
    return unescape(client.get(reverse("invitation", args=[invitation.token])).content.decode())


def ask(client: Any, invitation: Invitation) -> str:
    response = client.post(reverse("invitation_ask", args=[invitation.token]), follow=True)
    return unescape(response.content.decode())


def claim(client: Any, invitation: Invitation) -> str:
    response = client.post(reverse("invitation", args=[invitation.token]), {}, follow=True)
    return unescape(response.content.decode())


def decide(people: Personas, request: InvitationRequest, decision: str, who: str = "gm") -> Any:
    url = reverse("console_invitation_request", args=[request.invitation.game_id])
    return people.client(who).post(url, {"request": request.pk, "decision": decision})


def logged(game: Game) -> list[tuple[str, str]]:
    return list(game.log.order_by("id").values_list("action", "detail"))


def test_another_confirmed_account_may_ask_the_game_master(people, invited, mailoutbox) -> None:
    stranger = people.client("stranger")
    before = page(stranger, invited)
    assert "This invitation is not for this account" in before and "Ask the game master" in before
    after = ask(stranger, invited)
    request = InvitationRequest.objects.get(invitation=invited)
    assert request.user == people.stranger and request.status == "pending"
    assert "asked the game master" in after and "waiting for the game master" in after
    assert ("ask invitation", f"stranger for {INVITED}") in logged(invited.game)
    [mail] = OutboxMessage.objects.filter(kind="invitation_request")
    assert mail.to_email == "gm@example.com" and mail.context["requester"] == "stranger"
    assert send_outbox_message(mail.pk) == "sent"
    [sent] = [m for m in mailoutbox if "asks to take an invitation" in m.subject]
    assert "Test game" in sent.subject and f"/games/{invited.game_id}/console/" in sent.body
    console = people.client("gm").get(reverse("console", args=[invited.game_id])).content
    assert b">stranger</a>" in console  # linked to the player's page, with their standing
    assert b"asks for the invitation to friend@example.com" in console


def test_the_asker_learns_nothing_beyond_the_invitation_page(people, invited) -> None:
    stranger = people.client("stranger")
    after = ask(stranger, invited)
    for private in ("france", "germany", "Nobody has joined", "Wishes", "join link"):
        assert private not in after
    assert not invited.game.seats.filter(user=people.stranger).exists()


def test_approval_gives_the_invitation_to_that_account_for_one_use(people, invited) -> None:
    ask(people.client("stranger"), invited)
    request = InvitationRequest.objects.get()
    assert decide(people, request, "approve").status_code == 302
    invited.refresh_from_db()
    assert invited.for_account == people.stranger
    assert ("approve invitation", f"stranger for {INVITED}") in logged(invited.game)
    claim(people.client("stranger"), invited)
    assert invited.game.seats.filter(user=people.stranger).exists()
    assert ("accept invitation", f"stranger for {INVITED}") in logged(invited.game)
    again = claim(people.client("stranger"), invited)
    assert "already been used" in again
    assert invited.game.seats.filter(user=people.stranger).count() == 1


def test_after_approval_the_invited_address_is_refused(people, invited) -> None:
    friend = confirmed_user("friend", INVITED, PASSWORD)
    ask(people.client("stranger"), invited)
    decide(people, InvitationRequest.objects.get(), "approve")
    refused = claim(client_for(friend), invited)
    assert "given this invitation to another account" in refused
    assert not invited.game.seats.filter(user=friend).exists()
    invited.refresh_from_db()
    assert invited.accepted is None  # still the approved account's to claim


def test_a_refused_request_seats_nobody_and_cannot_be_asked_again(people, invited) -> None:
    stranger = people.client("stranger")
    ask(stranger, invited)
    request = InvitationRequest.objects.get()
    decide(people, request, "refuse")
    request.refresh_from_db()
    assert request.status == "refused" and request.decided is not None
    assert ("refuse invitation", f"stranger for {INVITED}") in logged(invited.game)
    assert "sent to another address" in claim(stranger, invited)
    assert "refused to give you this invitation" in ask(stranger, invited)
    assert InvitationRequest.objects.count() == 1
    assert OutboxMessage.objects.filter(kind="invitation_request").count() == 1


def test_only_the_game_master_may_approve(people, invited) -> None:
    ask(people.client("stranger"), invited)
    request = InvitationRequest.objects.get()
    assert decide(people, request, "approve", who="player").status_code == 403
    with pytest.raises(actions.ActionError, match="Only the game master"):
        actions.approve_invitation_request(invited.game, people.player, request.pk)
    other_game = actions.create_game(people.other, name="Mine", preset="standard", start_year=1901)
    with pytest.raises(actions.ActionError, match="not waiting"):
        actions.approve_invitation_request(other_game, people.other, request.pk)
    request.refresh_from_db()
    invited.refresh_from_db()
    assert request.status == "pending" and invited.for_account is None


def test_an_unconfirmed_account_cannot_ask(people, invited) -> None:
    unconfirmed = get_user_model().objects.create_user("newcomer", "newcomer@example.com", "x")
    client = client_for(unconfirmed)
    assert "confirm your address" in page(client, invited)
    answer = ask(client, invited)
    assert "Confirm your account's address first" in answer
    assert not InvitationRequest.objects.exists()


def test_the_invited_address_needs_no_request(people, invited) -> None:
    friend = confirmed_user("friend", INVITED, PASSWORD)
    assert "This invitation is for you" in ask(client_for(friend), invited)
    claim(client_for(friend), invited)
    assert invited.game.seats.filter(user=friend).exists()


def test_approving_one_request_refuses_the_others(people, invited) -> None:
    ask(people.client("stranger"), invited)
    ask(people.client("observer"), invited)
    first, second = InvitationRequest.objects.order_by("id")
    decide(people, first, "approve")
    second.refresh_from_db()
    assert second.status == "refused"
    assert "given this invitation to another account" in page(people.client("observer"), invited)


def test_an_invitation_the_address_used_meanwhile_cannot_be_given(people, invited) -> None:
    ask(people.client("stranger"), invited)
    claim(client_for(confirmed_user("friend", INVITED, PASSWORD)), invited)
    request = InvitationRequest.objects.get()
    with pytest.raises(actions.ActionError, match="already been used"):
        actions.approve_invitation_request(invited.game, people.gm, request.pk)
    invited.refresh_from_db()
    assert invited.for_account is None and invited.accepted_by.username == "friend"
