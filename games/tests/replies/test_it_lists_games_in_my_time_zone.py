"""LIST gives each deadline in the writer's own time zone, as every email does."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from accounts.models import Profile
from games.tests.replies.conftest import answers_to, send
from tests.plain_text import says

SENDER = "england@example.org"


def test_list_shows_the_deadline_in_my_time_zone(game, phase, england, game_and_players):
    user = game_and_players[2]["ENGLAND"]
    Profile.objects.update_or_create(user=user, defaults={"time_zone": "Asia/Tokyo"})
    answers_to(SENDER)
    send("LIST", SENDER, england)
    [answer] = answers_to(SENDER)
    local = phase.deadline.astimezone(ZoneInfo("Asia/Tokyo"))
    assert says(answer.body, f"due {local:%a %d %b %H:%M} Asia/Tokyo")
