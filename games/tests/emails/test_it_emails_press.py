"""Press email: one outbox row per receiving power, signed as the recipient
may see it, with a link to the press page; off when the player says so."""

from __future__ import annotations

import pytest

from games import actions
from games.models import Game
from postoffice.actions import email_settings_of
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of
from postoffice.tasks import sweep_outbox

pytestmark = pytest.mark.django_db


def press_rows(game: Game) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(game=game, kind="press").order_by("power"))


def send(game: Game, players, power: str, to: list[str], shown_as: str = "", body="Hi."):
    user = players[power]
    return actions.send_press(game, user, power, to, body, shown_as or power)


def test_it_queues_one_row_per_receiving_power(started_game) -> None:
    game, _, players = started_game
    message = send(game, players, "FRANCE", ["ENGLAND", "GERMANY", "FRANCE"])
    rows = press_rows(game)
    assert [(row.power, row.to_email) for row in rows] == [
        ("ENGLAND", "england@example.org"),
        ("GERMANY", "germany@example.org"),
    ]
    assert rows[0].key == f"press:{message.token}:ENGLAND"
    assert rows[0].phase == game.current_phase()


def test_it_writes_to_everyone_but_the_sender(started_game) -> None:
    game, _, players = started_game
    send(game, players, "ITALY", ["EVERYONE"])
    assert len(press_rows(game)) == 6
    assert "ITALY" not in [row.power for row in press_rows(game)]


def test_it_shows_the_sender_as_signed_and_links_the_press_page(started_game) -> None:
    game, _, players = started_game
    Game.objects.filter(pk=game.pk).update(press_mode="grey")
    game.refresh_from_db()
    send(game, players, "FRANCE", ["ENGLAND"], "ANONYMOUS", body="Watch Belgium & the 'Channel'.")
    email = build_message(draft_of(press_rows(game)[0]))
    html = str(email.alternatives[0][0])
    assert email.subject == "Fogbound: press from Anonymous to England"
    assert "From: Anonymous" in email.body
    assert "Watch Belgium & the 'Channel'." in email.body
    assert "Watch Belgium &amp; the &#x27;Channel&#x27;." in html
    assert f"/games/{game.pk}/press/" in email.body
    assert "france" not in (email.body + html).lower()


def test_it_sends_each_press_email_once(started_game, mailoutbox) -> None:
    game, _, players = started_game
    send(game, players, "FRANCE", ["ENGLAND"])
    sweep_outbox()
    sweep_outbox()
    press = [m.to for m in mailoutbox if "press from" in m.subject]
    assert press == [["england@example.org"]]


def test_it_keeps_press_email_off_for_who_turned_it_off(started_game) -> None:
    game, _, players = started_game
    settings = email_settings_of(players["ENGLAND"])
    settings.press = False
    settings.save()
    send(game, players, "FRANCE", ["ENGLAND", "GERMANY"])
    assert [row.power for row in press_rows(game)] == ["GERMANY"]


def test_its_message_id_holds_no_row_number(started_game) -> None:
    """Every message is named by its own random token, never a number others could count."""
    game, _, players = started_game
    send(game, players, "FRANCE", ["ENGLAND"])
    rows = list(OutboxMessage.objects.filter(game=game))
    assert len({row.token for row in rows}) == len(rows) > 1
    for row in rows:
        assert row.message_id_header == f"<{row.token}@localhost>"
        assert len(row.token) == 32


def test_it_offers_the_press_switch_in_email_settings(started_game, client) -> None:
    _, _, players = started_game
    client.force_login(players["ENGLAND"])
    page = client.get("/settings/email/").content.decode()
    assert "Email me each press message I receive" in page
    client.post("/settings/email/", {"html": "on", "reminder_hours": "12"})
    assert email_settings_of(players["ENGLAND"]).press is False
