"""A game year played by email alone in every fog rule set, each power
reading only the text part of its email: the answer to STATUS names its
units, and its orders are made from that text; the game master processes
each phase by email. No step looks at a picture or the web."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.core import mail

from adjudication.fog import FOG_PRESETS
from fogdip.celery import app as celery_app
from games.models import Game, Phase
from games.replies.addresses import reply_address_of_game_master
from games.tests.emails.conftest import make_game
from games.tests.replies.conftest import letter, seat_address
from postoffice.inbound.handler import handle_message

GM = "gm@example.org"
UNITS_LINE = re.compile(r"^Your units \(\d+\): (.*)$", re.M)


@pytest.fixture(autouse=True)
def worker() -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


class TextOnlyMailbox:
    """Email in and the text part of the answer out; attachments never read."""

    def __init__(self, game: Game, capture) -> None:
        self.game, self.capture, self.count = game, capture, 0

    def write(self, sender: str, to: str, body: str) -> str:
        self.count += 1
        mail.outbox = []
        raw = letter(body, sender, to, message_id=f"<t{self.count}@client.example.org>")
        with self.capture(execute=True):
            assert handle_message(raw, "test").outcome == "accepted"
        answers = [m for m in mail.outbox if m.to == [sender] and m.subject == "Re: Fogbound"]
        assert len(answers) == 1
        return str(answers[0].body)

    def player(self, power: str, body: str) -> str:
        return self.write(f"{power.lower()}@example.org", seat_address(self.game, power), body)

    def holds_for(self, power: str) -> str:
        """Orders made from the text of the STATUS answer alone."""
        status = self.player(power, "STATUS")
        found = UNITS_LINE.search(status)
        assert found is not None, status
        units = [unit for unit in found.group(1).split(", ") if unit != "none"]
        return "\n".join(f"{unit} H" for unit in units)


def open_phase(game: Game) -> Phase:
    return game.phases.get(status=Phase.Status.OPEN)


@pytest.mark.parametrize("preset", FOG_PRESETS)
def test_a_game_year_by_email_alone(preset, db, django_capture_on_commit_callbacks):
    game, _, _ = make_game(preset)
    box = TextOnlyMailbox(game, django_capture_on_commit_callbacks)
    year = open_phase(game).name[1:5]
    played = []
    while open_phase(game).name[1:5] == year:
        phase = open_phase(game)
        for seat in game.active_seats().exclude(power=""):
            if phase.kind == "M":
                orders = box.holds_for(seat.power)
                if orders:
                    assert "NOT DONE" not in box.player(seat.power, orders)
        master = box.write(GM, reply_address_of_game_master(game), "PROCESS")
        assert "is being adjudicated" in master
        assert Phase.objects.get(pk=phase.pk).status == "done"
        played.append(phase.name)
        assert len(played) < 8
    assert any(name.endswith("M") for name in played)
    assert open_phase(game).name[1:5] == str(int(year) + 1)
