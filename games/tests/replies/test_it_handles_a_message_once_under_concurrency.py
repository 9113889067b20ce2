"""The same email delivered twice at the same moment (a provider retrying its
webhook while the first delivery still runs), against PostgreSQL: handled once."""

from __future__ import annotations

import pytest

from games.models import PressMessage
from games.tests.emails.conftest import make_game
from games.tests.replies.conftest import letter, seat_address
from games.tests.web.test_it_sweeps_once_under_concurrency import run_together
from postoffice.inbound.handler import handle_message
from postoffice.inbound.models import InboundMessage

pytestmark = pytest.mark.postgres


@pytest.mark.django_db(transaction=True)
def test_two_deliveries_at_once_play_once(require_postgres) -> None:
    game, _, _ = make_game("dc2005")
    body = "F Lon - Nth\nPRESS TO FRANCE\nHello\nEND"
    raw = letter(body, "england@example.org", seat_address(game, "ENGLAND"))
    outcomes = run_together(lambda: handle_message(raw, "a"), lambda: handle_message(raw, "b"))
    assert sorted(getattr(handled, "outcome", "") for handled in outcomes) == ["accepted", "seen"]
    assert PressMessage.objects.filter(game=game).count() == 1
    assert InboundMessage.objects.count() == 1
    assert game.log.filter(action="email").count() == 1
