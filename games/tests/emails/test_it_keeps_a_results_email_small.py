"""A results email with its map fits in 60 KB, read on a phone as on a desk.

The realistic worst case: plain standard play, where every power sees the
whole board with every unit and every order of the season, after a few
years of random legal orders, so the map is as busy as a real game's."""

from __future__ import annotations

from email import message_from_bytes

from django.core import mail

from games.models import Game
from games.tests.emails.conftest import make_game
from postoffice.models import OutboxMessage
from postoffice.tasks import sweep_outbox
from tests.perf.long_game import play_to_year

LIMIT = 60_000  # bytes of the whole message, as the provider is given it
YEARS = 3


def results_emails_of_the_last_phase(game: Game) -> list[bytes]:
    mail.outbox = []
    sweep_outbox()
    last = OutboxMessage.objects.filter(game=game, kind=OutboxMessage.Kind.RESULTS).latest("pk")
    sent = [
        message
        for message in mail.outbox
        if last.phase is not None and last.phase.label in message.subject
    ]
    return [message.message().as_bytes() for message in sent]


def test_a_results_email_on_a_full_board_is_at_most_60_kb(db):
    game, _, _ = make_game(preset="standard")
    play_to_year(game, YEARS)
    emails = results_emails_of_the_last_phase(game)
    assert len(emails) == 7, "one results email a power"
    sizes = sorted(len(raw) for raw in emails)
    assert sizes[-1] <= LIMIT, f"results emails of {sizes} bytes"


def test_its_map_goes_once(db):
    game, _, _ = make_game(preset="standard")
    play_to_year(game, 2)
    (raw, *_) = results_emails_of_the_last_phase(game)
    pictures = [p for p in message_from_bytes(raw).walk() if p.get_content_type() == "image/png"]
    assert len(pictures) == 1
