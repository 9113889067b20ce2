"""One game year of a fog game (dc2005) played only by email: every order,
READY, the game master's PROCESS, and every result read from the mailbox.
Adjudication and sending run as the worker runs them (tasks on commit)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from fogdip.celery import app as celery_app
from games.actions import claim_due_phases
from games.actions.queue import adjudicate_phase_task
from games.models import Game, Phase, ResultKind
from games.replies.addresses import reply_address_of_game_master
from games.tests.replies.conftest import letter, seat_address
from postoffice.inbound.handler import handle_message

GM = "gm@example.org"
ORDERS = {
    "S1901M": {
        "ENGLAND": "ORDERS\nF London - North Sea\nF Edi - Nwg\nA Lvp - Yor",
        "FRANCE": "A Par - Bur\nF Bre - Mao\nA Mar - Spa",
    },
    "F1901M": {"ENGLAND": "F Nth - Nwy\nF Nwg H\nA Yor H", "FRANCE": "F Mao - Por"},
    "W1901A": {"ENGLAND": "Build F Lon", "FRANCE": "A PAR B\nF BRE B"},
}
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


@pytest.fixture(autouse=True)
def worker(django_capture_on_commit_callbacks) -> Iterator[None]:
    """Tasks queued on commit run at once, as a worker would run them."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


class Mailbox:
    def __init__(self, game: Game, capture) -> None:
        self.game, self.capture, self.count = game, capture, 0
        self.results: list = []

    def write(self, sender: str, to: str, body: str) -> str:
        """Send one email and return the answer it got."""
        self.count += 1
        mail.outbox = []
        raw = letter(body, sender, to, message_id=f"<m{self.count}@client.example.org>")
        with self.capture(execute=True):
            assert handle_message(raw, "test").outcome == "accepted"
        answers = [m for m in mail.outbox if m.to == [sender] and m.subject == "Re: Fogbound"]
        assert len(answers) == 1
        self.results += [m for m in mail.outbox if "learned" in m.body]
        return str(answers[0].body)

    def player(self, power: str, body: str) -> str:
        return self.write(f"{power.lower()}@example.org", seat_address(self.game, power), body)

    def game_master(self, body: str) -> str:
        return self.write(GM, reply_address_of_game_master(self.game), body)

    def sweep_after(self, later: timedelta) -> None:
        """The beat sweep, run ``later`` from now, with the worker's tasks."""
        mail.outbox = []
        with self.capture(execute=True):
            for phase_id in claim_due_phases(timezone.now() + later):
                adjudicate_phase_task.delay(phase_id)
        self.results += [m for m in mail.outbox if "learned" in m.body]


def open_phase(game: Game) -> Phase:
    return game.phases.get(status=Phase.Status.OPEN)


def test_a_whole_game_played_only_by_email(game, django_capture_on_commit_callbacks):
    box = Mailbox(game, django_capture_on_commit_callbacks)
    played = []
    while not open_phase(game).name.startswith("S1902"):
        phase = open_phase(game)
        box.results = []
        for power, orders in ORDERS.get(phase.name, {}).items():
            answer = box.player(power, orders)
            assert "NOT DONE" not in answer, answer
        if phase.name.endswith("R"):
            # Nothing to retreat: the players say READY, and the phase ends
            # shortly after every power still playing is ready (the silent
            # ones are in disorder).
            for power in POWERS:
                box.player(power, "READY")
            assert Phase.objects.get(pk=phase.pk).status == "open"
            box.sweep_after(timedelta(minutes=game.ready_delay_minutes, seconds=1))
        else:
            assert "is being adjudicated" in box.game_master("STATUS\nPROCESS")
        assert Phase.objects.get(pk=phase.pk).status == "done"
        assert {m.to[0] for m in box.results} == {f"{p.lower()}@example.org" for p in POWERS}
        played.append(phase.name)
    assert played == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A"]
    units = open_phase(game).position["units"]
    assert sorted(units["ENGLAND"]) == ["A YOR", "F LON", "F NWG", "F NWY"]
    assert sorted(units["FRANCE"]) == ["A BUR", "A PAR", "A SPA", "F BRE", "F POR"]
    status = box.player("ENGLAND", "STATUS")
    assert "Spring 1902 movement. Deadline:" in status
    # The game ends by email too: a draw proposed and carried by reply.
    assert "NOT DONE" not in box.player("ENGLAND", "DRAW")
    for power in POWERS:
        if power != "ENGLAND":
            assert "NOT DONE" not in box.player(power, "VOTE YES")
    assert "is being adjudicated" in box.game_master("PROCESS")  # decided with the phase
    game.refresh_from_db()
    assert (game.status, game.result_kind) == (Game.Status.FINISHED, ResultKind.DRAW)
