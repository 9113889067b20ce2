"""A whole year of a fog game (dc2005) played by email alone, Germany
ordering only from what its emails say: its units from the answer's unit by
unit list, the dislodged unit and where it may go from the results, the
builds it has from the winter line. A retreat and two builds, the second
merged into the first."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from fogdip.celery import app as celery_app
from games.actions import claim_due_phases
from games.actions.queue import adjudicate_phase_task
from games.models import Game, Phase
from games.replies.addresses import reply_address_of_game_master
from games.tests.replies.conftest import letter, seat_address
from postoffice.inbound.handler import handle_message

GM = "gm@example.org"
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
DISLODGED = re.compile(r"Dislodged: (\w \w{3}), may retreat to (.+)")
BUILDS = re.compile(r"Germany: (\d+) supply centres, (\d+) units: builds (\d+)")


@pytest.fixture(autouse=True)
def worker(django_capture_on_commit_callbacks) -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


class Mail:
    """Germany's and the others' mailboxes, filled as a worker would fill them."""

    def __init__(self, game: Game, capture) -> None:
        self.game, self.capture, self.sent = game, capture, 0
        self.results: dict[str, str] = {}

    def write(self, sender: str, to: str, body: str) -> str:
        self.sent += 1
        mail.outbox = []
        raw = letter(body, sender, to, message_id=f"<y{self.sent}@client.example.org>")
        with self.capture(execute=True):
            assert handle_message(raw, "test").outcome == "accepted"
        self.keep_results()
        (answer,) = [m for m in mail.outbox if m.to == [sender] and "line by line" in m.body]
        return str(answer.body)

    def keep_results(self) -> None:
        for message in mail.outbox:
            if "learned" in message.body:
                self.results[message.to[0].split("@")[0].upper()] = str(message.body)

    def player(self, power: str, body: str) -> str:
        return self.write(f"{power.lower()}@example.org", seat_address(self.game, power), body)

    def process(self) -> None:
        assert "is being adjudicated" in self.write(
            GM, reply_address_of_game_master(self.game), "PROCESS"
        )

    def all_ready(self) -> None:
        for power in POWERS:
            self.player(power, "READY")
        mail.outbox = []
        later = timezone.now() + timedelta(minutes=self.game.ready_delay_minutes, seconds=1)
        with self.capture(execute=True):
            for phase_id in claim_due_phases(later):
                adjudicate_phase_task.delay(phase_id)
        self.keep_results()


def standing_units(answer: str) -> list[str]:
    """The units of the answer's unit by unit list ("A MUN H    no order: it holds")."""
    block = answer.split("Your orders now standing:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] + " " + line.split()[1] for line in block.splitlines()]


def open_phase(game: Game) -> str:
    return game.phases.get(status=Phase.Status.OPEN).name


def test_germany_plays_a_fog_year_from_its_mail(game, django_capture_on_commit_callbacks):
    box = Mail(game, django_capture_on_commit_callbacks)
    units = {unit[2:]: unit for unit in standing_units(box.player("GERMANY", "STATUS"))}
    assert set(units) == {"BER", "KIE", "MUN"}
    spring = f"{units['KIE']} - Den\n{units['BER']} - Kie\n{units['MUN']} - Bur"
    assert "NOT DONE" not in box.player("GERMANY", spring)
    box.player("FRANCE", "F Bre - Mao")
    box.process()
    assert "You sent no orders for Spring 1901 movement: your units held." in box.results["ITALY"]
    assert "You sent no orders" not in box.results["GERMANY"]
    assert open_phase(game) == "S1901R"
    box.all_ready()

    units = {unit[2:]: unit for unit in standing_units(box.player("GERMANY", "STATUS"))}
    assert set(units) == {"DEN", "KIE", "BUR"}
    box.player("GERMANY", f"{units['DEN']} H\n{units['KIE']} - Hol\n{units['BUR']} H")
    box.player("FRANCE", "A Par - Bur\nA Mar S A Par - Bur")
    box.process()
    assert open_phase(game) == "F1901R"

    unit, options = DISLODGED.search(box.results["GERMANY"]).groups()
    assert unit == "A BUR"
    status = box.player("GERMANY", "STATUS")
    assert "A BUR D    no order: dislodged, it will be disbanded" in status
    assert f"Dislodged: A BUR, may retreat to {options}" in status
    where = "RUH" if "RUH" in options else options.split(", ")[0]
    answer = box.player("GERMANY", f"A Bur - {where}")  # a retreat written as a move
    assert "NOT DONE" not in answer
    assert f"A BUR R {where}" in answer
    box.process()
    assert open_phase(game) == "W1901A"

    centres, held, builds = map(int, BUILDS.search(box.results["GERMANY"]).groups())
    assert (centres, held, builds) == (5, 3, 2)
    first = box.player("GERMANY", "Build A Mun")
    assert "1 build(s) not ordered: waived" in first
    second = box.player("GERMANY", "Build A Ber")
    assert "A MUN B" in second and "A BER B" in second and "waived" not in second
    box.process()
    status = box.player("GERMANY", "STATUS")
    assert sorted(standing_units(status)) == ["A BER", "A HOL", "A MUN", f"A {where}", "F DEN"]
