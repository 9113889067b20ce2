"""Bounces and complaints from the provider's webhooks flag the address."""

from __future__ import annotations

from anymail.signals import AnymailTrackingEvent, tracking

from postoffice.models import EmailSettings, OutboxMessage
from postoffice.sending import send_outbox_message


def send_signal(event_type: str, recipient: str) -> None:
    event = AnymailTrackingEvent(event_type=event_type, recipient=recipient, description="550")
    tracking.send(sender=object, event=event, esp_name="TestESP")


def test_it_flags_a_bounced_address(started_game):
    _, _, players = started_game
    send_signal("bounced", "germany@example.org")
    settings = EmailSettings.objects.get(user=players["GERMANY"])
    assert settings.address_status == "bounced"
    assert "550" in settings.address_detail


def test_it_flags_a_complaint(started_game):
    _, _, players = started_game
    send_signal("complained", "FRANCE@example.org")
    assert EmailSettings.objects.get(user=players["FRANCE"]).address_status == "complained"


def test_it_ignores_opens_and_strangers(started_game):
    send_signal("opened", "germany@example.org")
    send_signal("bounced", "nobody@example.org")
    assert not EmailSettings.objects.exclude(address_status="ok").exists()


def test_it_sends_nothing_more_to_a_flagged_address(started_game, mailoutbox):
    game, _, _ = started_game
    send_signal("bounced", "germany@example.org")
    message = OutboxMessage.objects.get(game=game, kind="game_start", power="GERMANY")
    assert send_outbox_message(message.pk) == "blocked"
    message.refresh_from_db()
    assert message.status == "failed" and "bounced" in message.last_error
    assert mailoutbox == []


def test_it_flags_an_address_from_a_real_webhook_request(started_game, client, settings):
    """A provider's HTTP callback, through anymail's own endpoint and our receiver."""
    _, _, players = started_game
    settings.EMAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    payload = {
        "RecordType": "Bounce",
        "Type": "HardBounce",
        "TypeCode": 1,
        "Email": "russia@example.org",
        "Description": "The server was unable to deliver your message",
        "Details": "550 5.1.1 mailbox unknown",
        "BouncedAt": "2026-11-22T10:00:00Z",
        "MessageID": "abc-123",
        "Metadata": {"outbox": "0123456789abcdef0123456789abcdef"},
    }
    response = client.post(
        "/anymail/postmark/tracking/",
        data=payload,
        content_type="application/json",
        HTTP_AUTHORIZATION="Basic aG9vazpzZWNyZXQ=",  # hook:secret
    )
    assert response.status_code == 200
    assert EmailSettings.objects.get(user=players["RUSSIA"]).address_status == "bounced"


def test_it_refuses_a_webhook_without_the_secret(started_game, client, settings):
    settings.EMAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    payload = {"RecordType": "Bounce", "Type": "HardBounce", "Email": "russia@example.org"}
    response = client.post(
        "/anymail/postmark/tracking/", data=payload, content_type="application/json"
    )
    assert response.status_code == 400
    assert not EmailSettings.objects.exclude(address_status="ok").exists()
