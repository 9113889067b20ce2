"""Email settings for everyone signed in; the game's outbox for its game master only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from postoffice.models import EmailSettings, OutboxMessage


@pytest.fixture
def game(started_game):
    return started_game[0]


@pytest.fixture
def personas(started_game):
    _, master, players = started_game
    stranger = User.objects.create_user("stranger", email="s@example.org")
    return {"gm": master, "player": players["GERMANY"], "stranger": stranger}


def as_(client, user):
    client.force_login(user)
    return client


def test_it_redirects_anonymous_visitors_to_sign_in(client, game):
    for url in ("/settings/email/", f"/games/{game.pk}/console/email/"):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize(("persona", "status"), [("gm", 200), ("player", 403), ("stranger", 404)])
def test_it_shows_the_outbox_to_the_game_master_only(client, game, personas, persona, status):
    response = as_(client, personas[persona]).get(f"/games/{game.pk}/console/email/")
    assert response.status_code == status


def test_it_lists_each_message_for_the_game_master(client, game, personas):
    response = as_(client, personas["gm"]).get(f"/games/{game.pk}/console/email/")
    assert response.content.count(b"germany@example.org") == 1


def test_it_lets_the_game_master_retry_failed_messages(client, game, personas):
    OutboxMessage.objects.filter(game=game).update(status="failed", last_error="boom")
    response = as_(client, personas["gm"]).post(f"/games/{game.pk}/console/email/retry/")
    assert response.status_code == 302
    assert not OutboxMessage.objects.filter(game=game, status="failed").exists()
    assert game.log.filter(action="retry email").exists()


def test_it_refuses_retry_to_a_player(client, game, personas):
    OutboxMessage.objects.filter(game=game).update(status="failed")
    response = as_(client, personas["player"]).post(f"/games/{game.pk}/console/email/retry/")
    assert response.status_code == 403
    assert OutboxMessage.objects.filter(game=game, status="failed").count() == 7


def test_it_saves_email_settings(client, personas):
    client = as_(client, personas["player"])
    response = client.post(
        "/settings/email/", {"html": "", "reminders": "on", "reminder_hours": "6"}
    )
    assert response.status_code == 302
    settings = EmailSettings.objects.get(user=personas["player"])
    assert (settings.html, settings.reminders, settings.reminder_hours) == (False, True, 6)


def test_it_keeps_what_was_typed_when_the_settings_are_wrong(client, personas):
    client = as_(client, personas["player"])
    response = client.post("/settings/email/", {"reminders": "on", "reminder_hours": "500"})
    assert response.status_code == 200
    assert b"between 1 and 72 hours" in response.content
    assert b'value="500"' in response.content


def test_it_clears_a_bounce_when_settings_are_saved(client, personas):
    user = personas["player"]
    flagged = {"address_status": "bounced", "address_detail": "550"}
    EmailSettings.objects.update_or_create(user=user, defaults=flagged)
    page = as_(client, user).get("/settings/email/")
    assert b"stopped" in page.content
    client.post("/settings/email/", {"html": "on", "reminders": "on", "reminder_hours": "12"})
    assert EmailSettings.objects.get(user=user).can_receive


def test_it_previews_a_message_for_staff(client, game):
    staff = User.objects.create_user("ops", is_staff=True)
    message = OutboxMessage.objects.filter(game=game).first()
    response = as_(client, staff).get(f"/dev/preview/{message.pk}/")
    assert response.status_code == 200
    assert b"has begun" in response.content


def test_it_hides_previews_from_players(client, game, personas):
    message = OutboxMessage.objects.filter(game=game).first()
    assert as_(client, personas["player"]).get(f"/dev/preview/{message.pk}/").status_code == 404


def test_it_prints_a_preview_from_the_command_line(game, capsys):
    from django.core.management import call_command

    message = OutboxMessage.objects.filter(game=game, power="GERMANY").first()
    call_command("preview_email", str(message.pk), "--text")
    assert "You play Germany." in capsys.readouterr().out
