"""DRAW, CONCEDE <power>, VOTE YES | VOTE NO by reply, through the same actions
as the web; the vote emails go to every player alike."""

from __future__ import annotations

import pytest

from games.models import Game, ResultKind
from games.tests.clock.conftest import sweep
from games.tests.replies.conftest import answers_to, seat_address, send
from games.tests.web.conftest import open_phase, pass_deadline
from games.votes.models import Proposal
from postoffice.models import OutboxMessage
from tests.plain_text import says

pytestmark = pytest.mark.django_db
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def reply(game: Game, power: str, body: str) -> None:
    send(body, f"{power.lower()}@example.org", seat_address(game, power))


def test_a_draw_proposed_and_voted_by_email_ends_the_game(game):
    reply(game, "ENGLAND", "DRAW")
    for power in POWERS:
        if power != "ENGLAND":
            reply(game, power, "VOTE YES")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # a fog game's vote is decided with its phase
    pass_deadline(open_phase(game))
    sweep()
    game.refresh_from_db()
    assert (game.status, game.result_kind) == (Game.Status.FINISHED, ResultKind.DRAW)
    assert game.result_powers == POWERS


def test_it_emails_every_player_the_proposal(game):
    reply(game, "ENGLAND", "DRAW")
    rows = OutboxMessage.objects.filter(kind=OutboxMessage.Kind.VOTE)
    assert sorted(rows.values_list("power", flat=True)) == POWERS
    assert {row.context["proposal"] for row in rows} == {"a draw among all surviving powers"}


def test_it_answers_a_vote(game):
    reply(game, "ENGLAND", "CONCEDE TO FRANCE")
    reply(game, "GERMANY", "VOTE NO")
    body = answers_to("germany@example.org")[0].body
    assert says(body, "Your vote (no) is recorded. Only the outcome is announced, when this phase")
    assert Proposal.objects.get().ballots.get(power="GERMANY").yes is False


def test_it_refuses_an_unreadable_vote(game):
    reply(game, "ENGLAND", "DRAW")
    reply(game, "GERMANY", "VOTE MAYBE")
    body = answers_to("germany@example.org")[0].body
    assert 'could not read "VOTE": write VOTE YES or VOTE NO' in body


def test_it_refuses_a_concession_to_no_power(game):
    reply(game, "ENGLAND", "CONCEDE ATLANTIS")
    body = answers_to("england@example.org")[0].body
    assert '"Atlantis" is not a power of this game.' in body
    assert not Proposal.objects.exists()
