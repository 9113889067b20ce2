"""Missed orders: at the deadline, a seated power that had a choice and sent
nothing (no order, no "ready") gets the game's grace period, up to its number
of extensions; then civil disorder as before. Every player receives the same
email, saying only that the deadline was extended."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from games import actions
from games.actions import clock
from games.actions.clock import missing_orders
from games.models import Game, Phase, Seat
from games.tasks import sweep_deadlines
from games.tests.clock.conftest import as_read, deadline_mail, later, sweep
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start
from postoffice.ics import deadline_uid
from postoffice.sending import draft_of


@pytest.fixture
def graced(game: Game) -> Game:
    Game.objects.filter(pk=game.pk).update(grace_minutes=60, grace_extensions=2)
    game.refresh_from_db()
    return game


def order_by_web(people: Personas, name: str, game: Game, typed: str) -> None:
    response = people.client(name).post(reverse("game_orders", args=[game.pk]), {"typed": typed})
    assert response.status_code == 302


def test_it_extends_when_a_power_sent_nothing(people: Personas, graced: Game) -> None:
    order_by_web(people, "other", graced, "A Mun H")
    phase = open_phase(graced)
    pass_deadline(phase)
    assert sweep_deadlines() == []
    phase.refresh_from_db()
    assert phase.status == Phase.Status.OPEN and phase.extensions == 1
    assert timedelta(minutes=59) < phase.deadline - timezone.now() <= timedelta(minutes=60)
    assert [row.power for row in deadline_mail(graced)] == ["FRANCE", "GERMANY"]
    console = people.client("gm").get(reverse("console", args=[graced.pk])).content.decode()
    assert "<strong>1 of 2</strong>" in console


def test_a_sweep_run_twice_extends_once(people: Personas, graced: Game) -> None:
    phase = open_phase(graced)
    pass_deadline(phase)
    now = timezone.now()
    assert actions.claim_due_phases(now) == []
    assert actions.claim_due_phases(now) == []
    phase.refresh_from_db()
    assert phase.extensions == 1
    assert len(deadline_mail(graced)) == 2


def test_it_falls_to_civil_disorder_after_the_last_extension(
    people: Personas, graced: Game
) -> None:
    order_by_web(people, "other", graced, "A Mun H")
    phase = open_phase(graced)
    assert sweep(later(48 * 60 + 1)) == []
    assert sweep(later(48 * 60 + 62)) == []
    assert sweep(later(48 * 60 + 123)) == [phase.pk]
    assert graced.seats.get(power="FRANCE", status=Seat.Status.CIVIL_DISORDER)
    assert len(deadline_mail(graced)) == 4  # two extensions, to both players


def test_ready_without_orders_is_an_answer(people: Personas, graced: Game) -> None:
    order_by_web(people, "other", graced, "A Mun H")
    people.client("player").post(reverse("game_ready", args=[graced.pk]), {"ready": "on"})
    phase = open_phase(graced)
    assert sweep(later(48 * 60 + 1)) == [phase.pk]
    assert deadline_mail(graced) == []


def test_it_gives_no_grace_unless_the_game_master_chose_it(people: Personas, game: Game) -> None:
    phase = open_phase(game)
    assert sweep(later(48 * 60 + 1)) == [phase.pk]
    assert deadline_mail(game) == []


def test_a_power_with_nothing_to_build_has_not_missed(people: Personas, game: Game) -> None:
    """Germany takes two centres in 1901; France holds and has nothing to adjust."""
    for france, germany in (
        ("A Par H\nA Mar H\nF Bre H", "F Kie - Den\nA Mun - Ruh\nA Ber - Kie"),
        ("A Par H\nA Mar H\nF Bre H", "A Ruh - Hol\nF Den H\nA Kie H"),
    ):
        order_by_web(people, "player", game, france)
        order_by_web(people, "other", game, germany)
        assert len(sweep(later(48 * 60 + 1))) == 1
    winter = open_phase(game)
    assert winter.name == "W1901A"
    assert missing_orders(winter) == ["GERMANY"]
    actions.set_ready(winter, people.other, "GERMANY", True)
    assert missing_orders(winter) == []


def test_every_player_reads_the_same_words(people: Personas, graced: Game) -> None:
    pass_deadline(open_phase(graced))
    sweep_deadlines()
    france, germany = (as_read(row) for row in deadline_mail(graced))
    assert france == germany
    subject, body = france
    assert "the deadline was extended" in subject
    for telling in ("France", "Germany", "orders", "missing"):
        assert telling not in subject
    assert "France" not in body and "Germany" not in body


def test_the_calendar_file_moves_the_same_event(people: Personas, graced: Game) -> None:
    phase = open_phase(graced)
    pass_deadline(phase)
    sweep_deadlines()
    phase.refresh_from_db()
    draft = draft_of(deadline_mail(graced, "FRANCE")[0])
    (ics,) = draft.attachments
    event = Calendar.from_ical(ics.content).walk("VEVENT")[0]
    assert str(event["uid"]) == deadline_uid(graced.pk, phase.name)
    assert event.decoded("dtstart") == phase.deadline.replace(microsecond=0)


def test_a_game_whose_grace_cannot_be_decided_never_stops_the_sweep(
    people: Personas, graced: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure deciding one game's grace is logged and that phase is
    adjudicated as it stands; every other game due goes on as usual."""
    other = forming_game(people, name="Another game")
    start(other, people)
    Game.objects.filter(pk=other.pk).update(grace_minutes=60, grace_extensions=2)
    broken, fine = open_phase(graced), open_phase(other)
    real = clock.missing_orders

    def missing(phase: Phase) -> list[str]:
        if phase.game_id == graced.pk:
            raise RuntimeError("a corrupt record")
        return real(phase)

    monkeypatch.setattr(clock, "missing_orders", missing)
    pass_deadline(broken)
    pass_deadline(fine)
    assert sweep() == [broken.pk]
    assert Phase.objects.get(pk=broken.pk).status == Phase.Status.DONE
    assert Phase.objects.get(pk=fine.pk).extensions == 1  # the other game's grace, as usual
