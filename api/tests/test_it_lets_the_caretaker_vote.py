"""The caretaker's seat votes by the proposal alone, the moment it opens: yes to
every draw, no to every concession (ruling 27), in standard and fog games; its
ballot is kept and shown like any other."""

from django.utils import timezone

from api.tests.conftest import api_for
from games import access, actions
from games.models import Game, ResultKind, Seat
from games.tests.web.conftest import client_for, open_phase, pass_deadline
from games.votes.models import Ballot, Proposal


def ballot(game, power):
    return Ballot.objects.filter(proposal__game=game, power=power).first()


def adjudicate(game):
    pass_deadline(open_phase(game))
    for phase_id in actions.claim_due_phases(timezone.now()):
        actions.adjudicate_phase(phase_id)
    game.refresh_from_db()


def test_a_draw_passes_in_a_standard_game_when_the_people_agree(people, game):
    cared = actions.care_for_seat(game, people.gm, "ITALY")
    proposal = actions.propose_draw(game, people.player, "FRANCE")
    italy = ballot(game, "ITALY")
    assert (italy.yes, italy.user) == (True, cared.seat.user)
    assert proposal.status == Proposal.Status.OPEN, "Germany has not voted"
    actions.vote(game, people.other, "GERMANY", True)
    game.refresh_from_db()
    assert (game.status, game.result_kind) == (Game.Status.FINISHED, ResultKind.DRAW)
    assert "ITALY" in game.result_powers


def test_it_refuses_a_concession(people, game):
    actions.care_for_seat(game, people.gm, "ITALY")
    proposal = actions.propose_concession(game, people.player, "FRANCE", "GERMANY")
    assert ballot(game, "ITALY").yes is False
    actions.vote(game, people.other, "GERMANY", True)
    proposal.refresh_from_db()
    assert proposal.status == Proposal.Status.FAILED
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_it_refuses_a_concession_to_its_own_power(people, game):
    actions.care_for_seat(game, people.gm, "ITALY")
    actions.propose_concession(game, people.player, "FRANCE", "ITALY")
    assert ballot(game, "ITALY").yes is False


def test_a_fog_game_draw_passes_with_its_phase(people, fog_game):
    actions.care_for_seat(fog_game, people.gm, "ITALY")
    actions.propose_draw(fog_game, people.player, "FRANCE")
    actions.vote(fog_game, people.other, "GERMANY", True)
    assert ballot(fog_game, "ITALY").yes is True
    fog_game.refresh_from_db()
    assert fog_game.status == Game.Status.ACTIVE, "decided only when the phase is adjudicated"
    adjudicate(fog_game)
    assert (fog_game.status, fog_game.result_kind) == (Game.Status.FINISHED, ResultKind.DRAW)


def test_a_fallen_power_it_plays_still_votes_in_a_fog_game(people, fog_game):
    """Every seat votes in a fog game, an eliminated one's too: the ballot
    cannot depend on whether its power is out, nobody else may know it."""
    cared = actions.care_for_seat(fog_game, people.gm, "ITALY")
    Seat.objects.filter(pk=cared.seat.pk).update(status=Seat.Status.ELIMINATED)
    actions.propose_draw(fog_game, people.player, "FRANCE")
    assert ballot(fog_game, "ITALY").yes is True


def test_a_fallen_power_it_plays_has_no_vote_in_a_standard_game(people, game):
    cared = actions.care_for_seat(game, people.gm, "ITALY")
    Seat.objects.filter(pk=cared.seat.pk).update(status=Seat.Status.ELIMINATED)
    actions.propose_draw(game, people.player, "FRANCE")
    assert ballot(game, "ITALY") is None
    actions.vote(game, people.other, "GERMANY", True)
    game.refresh_from_db()
    assert game.result_kind == ResultKind.DRAW and "ITALY" not in game.result_powers


def test_a_seat_given_while_a_proposal_is_open_votes_at_once(people, fog_game):
    actions.propose_draw(fog_game, people.player, "FRANCE")
    actions.care_for_seat(fog_game, people.gm, "ITALY")
    assert ballot(fog_game, "ITALY").yes is True


def test_a_ballot_its_old_player_cast_stays(people, fog_game):
    """A seat in civil disorder whose player voted keeps that vote."""
    actions.propose_draw(fog_game, people.player, "FRANCE")
    actions.vote(fog_game, people.other, "GERMANY", False)
    Seat.objects.filter(game=fog_game, power="GERMANY").update(status=Seat.Status.CIVIL_DISORDER)
    cared = actions.care_for_seat(fog_game, people.gm, "GERMANY")
    kept = ballot(fog_game, "GERMANY")
    assert (kept.yes, kept.user) == (False, people.other)
    assert cared.seat.power == "GERMANY"


def test_it_never_proposes(people, fog_game):
    from api.caretaking import run_caretakers

    actions.care_for_seat(fog_game, people.gm, "ITALY")
    run_caretakers()
    assert not Proposal.objects.exists()


def test_its_ballot_is_shown_like_any_other(people, fog_game):
    cared = actions.care_for_seat(fog_game, people.gm, "ITALY")
    actions.propose_draw(fog_game, people.player, "FRANCE")
    gm_view = access.access_game(people.gm, fog_game.pk)
    assert {(b.power, b.yes) for b in access.access_ballots(gm_view)} == {
        ("FRANCE", True),
        ("ITALY", True),
    }
    console = client_for(people.gm).get(f"/games/{fog_game.pk}/console/")
    assert "<th>Italy</th><td>yes</td>" in console.content.decode()
    seen = api_for(cared.seat.user, game=fog_game).get(f"/games/{fog_game.pk}/vote").json()
    assert seen["own_ballot"] is True
    assert seen["open_proposal"] == "a draw among all surviving powers"
    france = api_for(people.player, game=fog_game).get(f"/games/{fog_game.pk}/vote").json()
    assert france["own_ballot"] is True
    germany = api_for(people.other, game=fog_game).get(f"/games/{fog_game.pk}/vote").json()
    assert germany["own_ballot"] is None, "another power's ballot is not shown"
