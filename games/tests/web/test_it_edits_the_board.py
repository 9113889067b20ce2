"""The game master edits the board of the open phase: a logged act that
changes the phase's position and gives each power whose view it changes a
new record, a fresh map and an email; a power out of sight receives nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from html import unescape
from typing import Any

from django.urls import reverse

from games import actions
from games.models import Game, KnowledgeRecord, Phase
from games.records import latest_record as stored_record
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start
from games.tests.web.test_it_leaks_nothing_to_a_fogged_player import received
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of


def edit(people: Personas, game: Game, **fields: str) -> Any:
    url = reverse("console_board", args=[game.pk])
    return people.client("gm").post(url, fields)


def latest_record(game: Game, power: str) -> dict[str, Any]:
    record = stored_record(game, power)
    assert record is not None
    return record


def notices(game: Game) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(game=game, kind="notice").order_by("power"))


def test_it_moves_a_unit_and_logs_what_changed(people: Personas, game: Game) -> None:
    response = edit(people, game, action="move", place="Paris", to="Burgundy")
    assert response.status_code == 302
    assert "A BUR" in open_phase(game).position["units"]["FRANCE"]
    entry = game.log.get(action="edit board")
    assert entry.actor == people.gm and entry.detail == "S1901M: moved A PAR (FRANCE) to BUR"
    assert "A BUR" in latest_record(game, "FRANCE")["units"]["FRANCE"]
    assert KnowledgeRecord.objects.filter(game=game, power="FRANCE").count() == 2


def test_it_emails_each_power_that_sees_it_with_its_own_map(people: Personas, game: Game) -> None:
    edit(people, game, action="add", place="Ruhr", unit="A", power="GERMANY")
    assert [row.power for row in notices(game)] == ["FRANCE", "GERMANY"]
    email = build_message(draft_of(notices(game)[0]))
    assert "The game master changed the board" in email.body
    assert email.subject == "Test game: the board was changed"
    assert any(part.get_content_type() == "image/png" for part in email.attachments or [])


def test_it_keeps_what_was_typed_and_names_the_problem(people: Personas, game: Game) -> None:
    response = edit(people, game, action="add", place="Atlantis", unit="A", power="FRANCE")
    html = response.content.decode()
    assert response.status_code == 400
    assert '"Atlantis" is not a province on this board.' in unescape(html)
    assert 'value="Atlantis"' in html
    assert not game.log.filter(action="edit board").exists()


def test_it_names_a_missing_coast(people: Personas, game: Game) -> None:
    response = edit(people, game, action="add", place="Spain", unit="F", power="FRANCE")
    assert "Name the coast of Spain for a fleet: SPA/NC or SPA/SC." in response.content.decode()


def test_it_changes_a_centres_owner(people: Personas, game: Game) -> None:
    edit(people, game, action="centre", place="Belgium", power="GERMANY")
    assert "BEL" in open_phase(game).position["centers"]["GERMANY"]
    assert "BEL" in latest_record(game, "FRANCE")["centers"]["GERMANY"]


def test_the_next_adjudication_plays_the_edited_board(
    people: Personas, game: Game, django_capture_on_commit_callbacks
) -> None:
    edit(people, game, action="remove", place="Munich")
    actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Par - Bur"])
    with django_capture_on_commit_callbacks(execute=True):
        actions.process_now(open_phase(game), people.gm)
    fall = open_phase(game).position
    assert "A MUN" not in fall["units"]["GERMANY"] and "A BUR" in fall["units"]["FRANCE"]


def test_it_refuses_when_no_phase_is_open(people: Personas, game: Game) -> None:
    actions.end_game(game, people.gm)
    response = edit(people, game, action="remove", place="Paris")
    assert response.status_code == 400
    assert "A PAR" in Phase.objects.get(game=game, ordinal=1).position["units"]["FRANCE"]


def fog_game_with(people: Personas, **change: str) -> Game:
    game = forming_game(people, "dc2005")
    start(game, people)
    Phase.objects.filter(game=game).update(deadline=datetime(2030, 1, 1, tzinfo=UTC))
    if change:
        edit(people, game, **change)
    return game


def test_an_edit_far_from_france_changes_nothing_france_receives(people: Personas) -> None:
    untouched = fog_game_with(people)
    edited = fog_game_with(people, action="remove", place="Smyrna")
    assert received(people, untouched) == received(people, edited)
    assert notices(edited) == []
    assert "A SMY" not in latest_record(edited, "")["units"]["TURKEY"]


def test_an_edit_next_to_france_shows_on_her_page_alone(people: Personas) -> None:
    game = fog_game_with(people, action="add", place="Gascony", unit="A", power="ITALY")
    page = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    assert "A GAS" in page and "The game master changed the board." in page
    assert [row.power for row in notices(game)] == ["FRANCE"]


def test_the_sweep_plays_on_after_an_edit(people: Personas) -> None:
    from games.tasks import sweep_deadlines

    game = fog_game_with(people, action="move", place="Paris", to="Picardy")
    pass_deadline(open_phase(game))
    sweep_deadlines()
    assert Phase.objects.get(game=game, ordinal=1).status == Phase.Status.DONE
    assert "A PIC" in latest_record(game, "FRANCE")["units"]["FRANCE"]
