"""No game email goes to an unconfirmed address: the outbox holds it (neither
drops nor sends it) and sends it, to the confirmed address, once confirmed."""

from __future__ import annotations

from django.contrib.auth.models import User

from games import actions
from postoffice.actions import confirm_address
from postoffice.models import OutboxMessage
from postoffice.sending import send_outbox_message
from postoffice.tasks import sweep_outbox

Status = OutboxMessage.Status


def typed_but_unconfirmed(user: User, email: str) -> None:
    """The account's address as a sign-up leaves it: typed, never confirmed."""
    user.email = email
    user.save(update_fields=["email"])


def welcome_of(game, power: str) -> OutboxMessage:
    return OutboxMessage.objects.get(game=game, kind="game_start", power=power)


def test_it_holds_game_email_for_an_unconfirmed_address(started_game, mailoutbox):
    game, _, players = started_game
    typed_but_unconfirmed(players["FRANCE"], "new-france@example.org")
    welcome = welcome_of(game, "FRANCE")
    assert send_outbox_message(welcome.pk) == "held"
    sweep_outbox()
    welcome.refresh_from_db()
    assert welcome.status == Status.HELD and welcome.attempts == 0
    assert not [m for m in mailoutbox if "france" in m.to[0]]


def test_it_sends_what_it_held_once_the_address_is_confirmed(started_game, mailoutbox):
    game, _, players = started_game
    france = players["FRANCE"]
    typed_but_unconfirmed(france, "new-france@example.org")
    send_outbox_message(welcome_of(game, "FRANCE").pk)
    assert confirm_address(france, "new-france@example.org") == 1
    sweep_outbox()
    assert welcome_of(game, "FRANCE").status == Status.SENT
    assert [m.to for m in mailoutbox if "france" in m.to[0]] == [["new-france@example.org"]]


def test_others_mail_goes_on_while_one_address_waits(started_game, mailoutbox):
    game, _, players = started_game
    typed_but_unconfirmed(players["FRANCE"], "new-france@example.org")
    assert send_outbox_message(welcome_of(game, "GERMANY").pk) == "sent"
    assert [m.to for m in mailoutbox] == [["germany@example.org"]]


def test_invitations_go_to_addresses_nobody_has_confirmed(db, mailoutbox):
    master = User.objects.create_user("unconfirmed-gm", "gm@example.org")
    User.objects.create_user("unconfirmed-friend", "friend@example.org")
    game = actions.create_game(master, name="Fogbound", preset="dc2005", start_year=1901)
    actions.invite(game, master, "friend@example.org")
    sweep_outbox()
    assert [m.to for m in mailoutbox] == [["friend@example.org"]]
