"""A failed adjudication marks the phase FAILED with its reason and logs it;
the game master sees it on the console and can retry."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import gateway
from games.models import Game, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, open_phase, pass_deadline


def broken(*args, **kwargs):
    raise gateway.EngineError("the resolver fell over")


@pytest.fixture
def failed(game: Game, monkeypatch: pytest.MonkeyPatch) -> Phase:
    phase = open_phase(game)
    pass_deadline(phase)
    with monkeypatch.context() as patch:
        patch.setattr(gateway, "run_phase", broken)
        sweep_deadlines()
    phase.refresh_from_db()
    return phase


def test_it_marks_the_phase_failed_with_the_reason(failed: Phase) -> None:
    assert failed.status == Phase.Status.FAILED
    assert failed.failure_reason == "EngineError: the resolver fell over"
    assert failed.game.phases.count() == 1


def test_it_logs_the_failure(failed: Phase) -> None:
    entry = failed.game.log.get(action="failed")
    assert "the resolver fell over" in entry.detail


def test_it_shows_the_failure_on_the_console(people: Personas, failed: Phase) -> None:
    page = people.client("gm").get(reverse("console", args=[failed.game_id]))
    assert "Adjudication failed" in page.content.decode()
    assert "the resolver fell over" in page.content.decode()


def test_it_tells_players_nothing_of_the_reason(people: Personas, failed: Phase) -> None:
    page = people.client("player").get(reverse("game", args=[failed.game_id]))
    assert "resolver" not in page.content.decode()


def test_it_does_not_sweep_a_failed_phase_again(failed: Phase) -> None:
    assert sweep_deadlines() == []


def test_it_retries_when_the_game_master_asks(
    people: Personas, failed: Phase, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = people.client("gm").post(reverse("console_retry", args=[failed.game_id]))
    assert response.status_code == 302
    failed.refresh_from_db()
    assert failed.status == Phase.Status.DONE
    assert failed.failure_reason == ""
    assert failed.game.log.filter(action="retry", actor=people.gm).exists()


def test_it_retries_only_a_failed_phase(people: Personas, game: Game) -> None:
    response = people.client("gm").post(reverse("console_retry", args=[game.pk]), follow=True)
    assert "Only a failed phase can be retried." in response.content.decode()
