"""A whole year of a fog game (dc2005) played by email alone, every power
that orders doing so only from what its own emails say (the policies of
reading_the_mail): Germany and France move the units their mail lists,
Germany retreats where its results say it may, and each builds as many
armies as its winter line counts, in the home centres its mail shows free.
A dislodgement, a retreat and three builds, Germany's second merged into its
first."""

from __future__ import annotations

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
from games.tests.replies.reading_the_mail import (
    build_orders,
    builds_counted,
    movement_orders,
    retreat_orders,
    units_listed,
)
from postoffice.inbound.handler import handle_message

GM = "gm@example.org"
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
# What each power means to do with the unit its mail lists in a province.
SPRING = {
    "GERMANY": {"KIE": "- Den", "BER": "- Kie", "MUN": "- Bur"},
    "FRANCE": {"BRE": "- Mao"},
}
FALL = {
    "GERMANY": {"DEN": "H", "KIE": "- Hol", "BUR": "H"},
    "FRANCE": {"PAR": "- Bur", "MAR": "S {PAR} - Bur", "MAO": "- Por"},
}


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


def open_phase(game: Game) -> str:
    return game.phases.get(status=Phase.Status.OPEN).name


def order_by_mail(box: Mail, power: str, orders: list[str]) -> str:
    answer = box.player(power, "\n".join(orders))
    assert "NOT DONE" not in answer, answer
    return answer


def test_every_power_plays_a_fog_year_from_its_own_mail(game, django_capture_on_commit_callbacks):
    box = Mail(game, django_capture_on_commit_callbacks)
    for power, plan in SPRING.items():
        order_by_mail(box, power, movement_orders(box.player(power, "STATUS"), plan))
    box.process()
    assert "You sent no orders for Spring 1901 movement: your units held." in box.results["ITALY"]
    assert "You sent no orders" not in box.results["GERMANY"]
    assert open_phase(game) == "S1901R"
    box.all_ready()

    for power, plan in FALL.items():
        order_by_mail(box, power, movement_orders(box.results[power], plan))
    box.process()
    assert open_phase(game) == "F1901R"

    assert retreat_orders(box.results["FRANCE"], "RUH") == []
    (retreat,) = retreat_orders(box.results["GERMANY"], "RUH")
    where = retreat.split()[-1].upper()
    status = box.player("GERMANY", "STATUS")
    assert "A BUR D    no order: dislodged, it will be disbanded" in status
    assert retreat_orders(status, "RUH") == [retreat]
    answer = order_by_mail(box, "GERMANY", [retreat])  # a retreat written as a move
    assert f"A BUR R {where}" in answer
    box.process()
    assert open_phase(game) == "W1901A"

    assert builds_counted(box.results["GERMANY"], "GERMANY") == 2
    assert builds_counted(box.results["FRANCE"], "FRANCE") == 1
    first, second = build_orders(box.results["GERMANY"], "GERMANY")
    assert "1 build(s) not ordered: waived" in order_by_mail(box, "GERMANY", [first])
    merged = order_by_mail(box, "GERMANY", [second])
    assert "A BER B" in merged and "A KIE B" in merged and "waived" not in merged
    assert build_orders(box.results["FRANCE"], "FRANCE") == ["Build A Bre"]
    order_by_mail(box, "FRANCE", build_orders(box.results["FRANCE"], "FRANCE"))
    box.process()

    germany, france = (units_listed(box.player(p, "STATUS")) for p in ("GERMANY", "FRANCE"))
    assert sorted(germany.values()) == ["A BER", "A HOL", "A KIE", f"A {where}", "F DEN"]
    assert sorted(france.values()) == ["A BRE", "A BUR", "A MAR", "F POR"]
