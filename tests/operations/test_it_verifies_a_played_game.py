"""verify_game replays a stored game and proves it identical, or names the first difference."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.models import KnowledgeRecord, OrderSheet, Phase
from games.tests.emails.conftest import make_game
from games.verify import verify_game
from tests.operations.played import play


@pytest.fixture
def played_game(db):
    game, _, _ = make_game("dc2005")
    play(game, phases=3, seed=7)
    return game


def test_it_proves_a_played_fog_game_identical(played_game) -> None:
    out = StringIO()
    call_command("verify_game", played_game.pk, stdout=out)
    assert "3 phases replayed, 36 knowledge records and 36 maps compared" in out.getvalue()
    assert "all identical" in out.getvalue()


def test_it_replays_phases_nobody_ordered_in_a_standard_game(db) -> None:
    game, _, _ = make_game("standard")
    play(game, phases=2, seed=3)  # Spring and Fall; standard games then skip empty phases
    verified = verify_game(game.pk, maps=False)
    done = Phase.objects.filter(game=game, status=Phase.Status.DONE).count()
    assert verified.identical and verified.phases == done >= 2


def test_it_names_a_changed_knowledge_record(played_game) -> None:
    row = KnowledgeRecord.objects.get(game=played_game, ordinal=2, power="GERMANY")
    row.data["centers"]["GERMANY"] = ["BER"]
    row.save()
    with pytest.raises(CommandError, match="verification failed"):
        call_command("verify_game", played_game.pk, "--no-maps", stderr=(err := StringIO()))
    assert "records, GERMANY, at centers.GERMANY" in err.getvalue()


def test_it_names_a_changed_order(played_game) -> None:
    sheet = OrderSheet.objects.get(phase__game=played_game, phase__ordinal=1, power="FRANCE")
    sheet.parsed = ["A PAR H", "A MAR H", "F BRE H"]
    sheet.save()
    verified = verify_game(played_game.pk, maps=False)
    assert verified.difference is not None
    assert verified.difference.where.startswith("S1901M")


def test_it_names_a_changed_position(played_game) -> None:
    phase = Phase.objects.get(game=played_game, ordinal=3)
    phase.position["units"]["ITALY"] = ["A ROM"]
    phase.save()
    verified = verify_game(played_game.pk, maps=False)
    assert verified.difference is not None
    before = Phase.objects.get(game=played_game, ordinal=2)
    assert verified.difference.where == f"{phase.name} position (after {before.name})"
    assert verified.difference.path == "units.ITALY"


def test_it_refuses_a_game_that_does_not_exist(db) -> None:
    with pytest.raises(CommandError, match="There is no game 999"):
        call_command("verify_game", 999)
