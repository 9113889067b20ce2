"""Password reset by email, Django's own views on our pages."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.urls import reverse

from fogdip.env import Rate
from games.tests.web.conftest import Personas


def ask_for_reset(client, email: str, **extra):
    return client.post(reverse("password_reset"), {"email": email}, **extra)


def test_it_links_the_reset_from_the_sign_in_page(client, db) -> None:
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()


def test_it_resets_a_password_through_the_emailed_link(people: Personas, client, mailoutbox):
    assert ask_for_reset(client, "france@example.com")["Location"] == reverse("password_reset_done")
    [mail] = mailoutbox
    assert mail.to == ["france@example.com"]
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", mail.body)
    assert link is not None
    form_page = client.get(link.group(1), follow=True)
    assert "Choose a new password" in form_page.content.decode()
    new = {"new_password1": "a-brand-new-phrase", "new_password2": "a-brand-new-phrase"}
    done = client.post(form_page.redirect_chain[-1][0], new)
    assert done["Location"] == reverse("password_reset_complete")
    assert get_user_model().objects.get(username="france").check_password("a-brand-new-phrase")


def test_it_tells_nothing_about_unknown_addresses(people: Personas, client, mailoutbox):
    response = ask_for_reset(client, "nobody@example.com")
    assert response["Location"] == reverse("password_reset_done")
    assert mailoutbox == []


def test_it_refuses_a_used_or_forged_link(people: Personas, client) -> None:
    page = client.get("/accounts/password/reset/MQ/set-password/", follow=True)
    assert "has been used already, has expired" in page.content.decode()


def test_it_limits_reset_requests_per_address(people: Personas, client, mailoutbox, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_reset": Rate(2, 3600)}
    answers = [ask_for_reset(client, "france@example.com").status_code for _ in range(4)]
    assert answers == [302, 302, 429, 429]
    assert len(mailoutbox) == 2
