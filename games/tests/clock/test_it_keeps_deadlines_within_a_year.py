"""A deadline the game master sets names its zone and falls within a year
(games/deadlines.py, HORIZON). A year-9999 deadline was once accepted; then
the next extension answered 500 and every deadline email failed in the
worker, retried for ever. A deadline left that far by then is still mailed,
and extending it is refused with a reason."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from games import actions
from games.emails import notify
from games.models import Phase
from games.tests.web.conftest import open_phase
from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message
from postoffice.tasks import sweep_outbox

END_OF_TIME = datetime(9999, 12, 31, 23, 59, tzinfo=UTC)


def test_the_console_refuses_a_deadline_beyond_a_year(people, game):
    before = open_phase(game).deadline
    url = reverse("console_deadline", args=[game.pk])
    page = people.client("gm").post(url, {"deadline": "9999-12-31T23:59"}, follow=True)
    assert page.status_code == 200
    assert "at most 366 days ahead" in page.content.decode()
    assert open_phase(game).deadline == before


def test_the_console_takes_a_deadline_within_a_year(people, game):
    wanted = timezone.now() + timedelta(days=300)
    url = reverse("console_deadline", args=[game.pk])
    people.client("gm").post(url, {"deadline": wanted.strftime("%Y-%m-%dT%H:%M")})
    assert open_phase(game).deadline.date() == wanted.date()


def test_the_action_refuses_a_deadline_without_a_zone(people, game):
    naive = datetime.now() + timedelta(days=2)
    with pytest.raises(actions.ActionError, match="time zone"):
        actions.set_deadline(game, people.gm, naive)


def test_a_rollback_refuses_a_deadline_beyond_a_year(people, game):
    with pytest.raises(actions.ActionError, match="366 days"):
        actions.roll_back(game, people.gm, END_OF_TIME)


def far_deadline(game) -> Phase:
    """A deadline set before the horizon existed."""
    phase = open_phase(game)
    Phase.objects.filter(pk=phase.pk).update(deadline=END_OF_TIME)
    return phase


def test_extending_a_far_deadline_is_refused_not_a_500(people, game):
    far_deadline(game)
    url = reverse("console_extend", args=[game.pk])
    page = people.client("gm").post(url, {"by": "2h"}, follow=True)
    assert page.status_code == 200
    assert "at most 366 days ahead" in page.content.decode()
    assert open_phase(game).deadline == END_OF_TIME


def test_extending_past_the_horizon_is_refused(people, game):
    Phase.objects.filter(pk=open_phase(game).pk).update(
        deadline=timezone.now() + timedelta(days=350)
    )
    with pytest.raises(actions.ActionError, match="366 days"):
        actions.extend_deadline(game, people.gm, timedelta(days=30))


def test_a_far_deadline_is_still_mailed(people, game):
    """Even to a reader east of UTC, where that moment is past year 9999."""
    for reader in (people.player, people.other):
        Profile.objects.update_or_create(user=reader, defaults={"time_zone": "Asia/Tokyo"})
    phase = far_deadline(game)
    notify.clock_changed(phase, "moved", timezone.now())  # the new deadline, as read
    actions.pause_game(game, people.gm)  # the calendar file that cancels the event
    rows = OutboxMessage.objects.filter(game=game, kind=OutboxMessage.Kind.DEADLINE)
    assert rows.exists()
    for row in rows:
        assert b"BEGIN:VCALENDAR" in outgoing_message(row).message().as_bytes()
    sweep_outbox()
    assert not rows.exclude(status=OutboxMessage.Status.SENT).exists()


def test_a_far_deadline_still_shows_on_the_pages(people, game):
    """A reader east of UTC: that moment is past year 9999 in their zone."""
    Profile.objects.update_or_create(user=people.player, defaults={"time_zone": "Asia/Tokyo"})
    far_deadline(game)
    client = people.client("player")
    for url in (reverse("game", args=[game.pk]), reverse("dashboard")):
        assert client.get(url).status_code == 200, url
