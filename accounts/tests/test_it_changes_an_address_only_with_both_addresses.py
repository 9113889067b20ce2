"""An address change waits for both addresses: the new one confirms it reads
its mail, the old one agrees, in either order; the old one may instead say
"this was not me", and the owner may cancel from the settings page. Links
are signed, expire, and each works once."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from html import unescape
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from accounts.change_links import LINK_LIFETIME, NEW, NOT_ME, OLD, link_token, read_link
from accounts.models import AddressChange
from accounts.verification import confirmation_token, is_confirmed
from games.tests.web.conftest import PASSWORD, Personas, client_for
from tests.fixtures import confirmed_user

NEW_ADDRESS = "new-france@example.com"
ASK = {"email": NEW_ADDRESS, "password": PASSWORD, "time_zone": "UTC"}


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def france() -> Any:
    return get_user_model().objects.get(username="france")


def ask(people: Personas) -> AddressChange:
    response = people.client("player").post(reverse("profile"), ASK)
    assert response.status_code == 302
    return AddressChange.objects.get(user=people.player, outcome="")


def link(change: AddressChange, role: str) -> str:
    return reverse("address_change_link", args=[link_token(change, role)])


def press(change: AddressChange, role: str) -> str:
    """The button of the link's page, pressed by whoever reads that mailbox (signed out)."""
    return unescape(client_for(None).post(link(change, role)).content.decode())


def links_in(body: str) -> dict[str, str]:
    """Each link of a mail, by the role its signed token names."""
    paths = re.findall(r"/accounts/address-change/link/[^/\s]+/", body)
    return {read_link(path.split("/")[-2]).role: path for path in paths}


def test_it_moves_the_account_once_both_addresses_confirm(people, mailoutbox, on_commit):
    with on_commit(execute=True):
        ask(people)
    assert france().email == "france@example.com"  # nothing moves on asking
    by_address = {mail.to[0]: mail.body for mail in mailoutbox}
    assert set(by_address) == {NEW_ADDRESS, "france@example.com"}
    to_new, to_old = links_in(by_address[NEW_ADDRESS]), links_in(by_address["france@example.com"])
    assert set(to_new) == {NEW} and set(to_old) == {OLD, NOT_ME}
    page = client_for(None).post(to_new[NEW]).content.decode()
    assert "once the other address confirms too" in page
    assert france().email == "france@example.com"  # the old address has not agreed yet
    assert "now uses" in client_for(None).post(to_old[OLD]).content.decode()
    assert france().email == NEW_ADDRESS and is_confirmed(france())


def test_the_old_address_may_agree_first(people: Personas) -> None:
    change = ask(people)
    press(change, OLD)
    assert france().email == "france@example.com"
    press(change, NEW)
    assert france().email == NEW_ADDRESS


def test_opening_a_link_changes_nothing_until_its_button(people: Personas) -> None:
    """Mail scanners open links: a GET only shows what the button would do."""
    change = ask(people)
    for role in (NEW, OLD, NOT_ME):
        assert client_for(None).get(link(change, role)).status_code == 200
    change.refresh_from_db()
    assert (change.new_confirmed, change.old_confirmed, change.outcome) == (None, None, "")


def test_this_was_not_me_cancels_the_change(people: Personas) -> None:
    change = ask(people)
    press(change, NEW)
    page = press(change, NOT_ME)
    assert "The change is cancelled" in page and "reset your password" in page
    refused = client_for(None).post(link(change, OLD))
    assert refused.status_code == 400
    assert "refused from the old address" in refused.content.decode()
    assert france().email == "france@example.com"


def test_the_settings_page_shows_the_pending_change_and_cancels_it(people: Personas) -> None:
    change = ask(people)
    player = people.client("player")
    page = player.get(reverse("profile")).content.decode()
    assert NEW_ADDRESS in page and reverse("address_change_cancel") in page
    player.post(reverse("address_change_cancel"))
    assert NEW_ADDRESS not in player.get(reverse("profile")).content.decode()
    refused = client_for(None).post(link(change, NEW))
    assert "cancelled from the account&#x27;s settings" in refused.content.decode()
    assert france().email == "france@example.com"


def test_a_link_works_once(people: Personas) -> None:
    change = ask(people)
    press(change, NEW)
    again = client_for(None).post(link(change, NEW))
    assert again.status_code == 400 and "already been used" in again.content.decode()
    press(change, OLD)
    after = client_for(None).post(link(change, OLD))
    assert after.status_code == 400 and "the address was changed" in after.content.decode()


def test_an_expired_link_changes_nothing(people: Personas, monkeypatch) -> None:
    change = ask(people)
    four_days_ago = time.time() - timedelta(days=4).total_seconds()
    with monkeypatch.context() as past:
        past.setattr(time, "time", lambda: four_days_ago)
        stale = reverse("address_change_link", args=[link_token(change, NEW)])
    refused = client_for(None).post(stale)
    assert refused.status_code == 400 and "expired" in refused.content.decode()
    change.refresh_from_db()
    assert change.new_confirmed is None


def test_a_change_nobody_finished_lapses(people: Personas) -> None:
    change = ask(people)
    press(change, NEW)
    lapsed = timezone.now() - LINK_LIFETIME - timedelta(minutes=1)
    AddressChange.objects.filter(pk=change.pk).update(created=lapsed)
    refused = client_for(None).post(link(change, OLD))  # the link itself is fresh
    assert refused.status_code == 400 and "expired" in refused.content.decode()
    assert NEW_ADDRESS not in people.client("player").get(reverse("profile")).content.decode()
    assert france().email == "france@example.com"


def test_a_later_change_replaces_the_pending_one(people: Personas) -> None:
    first = ask(people)
    people.client("player").post(reverse("profile"), {**ASK, "email": "other@example.com"})
    refused = client_for(None).post(link(first, NEW))
    assert "A later change of address replaced this one" in refused.content.decode()


def test_a_forged_link_is_refused(people: Personas) -> None:
    ask(people)
    page = client_for(None).post(reverse("address_change_link", args=["eyJjaGFuZ2UiOjF9:x:y"]))
    assert page.status_code == 400 and "not one we sent" in page.content.decode()


def test_an_unconfirmed_address_has_nobody_to_ask(db, mailoutbox, on_commit) -> None:
    """A sign-up's mistyped address proved nothing: the new address alone decides."""
    typo = get_user_model().objects.create_user("typo", "typo@exmaple.com", PASSWORD)
    with on_commit(execute=True):
        client_for(typo).post(reverse("profile"), {**ASK, "email": "typo@example.com"})
    assert [mail.to for mail in mailoutbox] == [["typo@example.com"]]
    change = AddressChange.objects.get(user=typo)
    press(change, NEW)
    typo.refresh_from_db()
    assert typo.email == "typo@example.com" and is_confirmed(typo)


def test_the_new_address_is_refused_if_another_account_confirmed_it_meanwhile(
    people: Personas,
) -> None:
    change = ask(people)
    press(change, OLD)
    confirmed_user("squatter", NEW_ADDRESS)
    page = client_for(None).post(link(change, NEW))
    assert page.status_code == 400 and "Another account has confirmed" in page.content.decode()
    assert france().email == "france@example.com"


def test_a_confirmation_link_for_the_old_address_no_longer_confirms(people: Personas) -> None:
    old_link = reverse("verify_email", args=[confirmation_token(people.player)])
    change = ask(people)
    press(change, NEW)
    press(change, OLD)
    page = client_for(None).get(old_link)
    assert page.status_code == 400
    assert "an address your account no longer has" in page.content.decode()


def test_the_operator_stands_in_for_a_lost_old_address(people: Personas) -> None:
    change = ask(people)
    out = StringIO()
    call_command("confirm_old_address", "france", stdout=out)
    assert "moves once" in out.getvalue() and france().email == "france@example.com"
    press(change, NEW)  # the new address still proves it reads its mail
    assert france().email == NEW_ADDRESS
    with pytest.raises(CommandError, match="no address change waiting"):
        call_command("confirm_old_address", "france")
