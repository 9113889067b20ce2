"""A draw among all surviving powers or a concession, proposed and voted on the
web; the game ends with its recorded result on the dashboard and in the end email."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game, ResultKind
from games.tests.clock.conftest import sweep
from games.tests.web.conftest import Personas, open_phase, pass_deadline
from games.votes.models import Proposal
from postoffice.models import OutboxMessage


def post(people: Personas, who: str, game: Game, name: str, **data: str) -> str:
    response = people.client(who).post(reverse(name, args=[game.pk]), data, follow=True)
    return response.content.decode()


def test_it_ends_in_a_draw_when_every_surviving_power_agrees(people: Personas, game: Game) -> None:
    post(people, "player", game, "game_propose", confirm="on", kind="draw")
    post(people, "other", game, "game_vote", vote="yes")
    game.refresh_from_db()
    assert (game.status, game.result_kind) == (Game.Status.FINISHED, ResultKind.DRAW)
    assert game.result_powers == ["FRANCE", "GERMANY"]
    assert game.result == "Draw between France, Germany"
    dashboard = people.client("player").get(reverse("dashboard")).content.decode()
    assert "Draw between France, Germany" in dashboard


def test_it_sends_the_result_in_the_end_email(people: Personas, game: Game) -> None:
    actions.propose_draw(game, people.player, "FRANCE")
    actions.vote(game, people.other, "GERMANY", True)
    ends = OutboxMessage.objects.filter(kind=OutboxMessage.Kind.GAME_END)
    assert sorted(ends.values_list("power", flat=True)) == ["FRANCE", "GERMANY"]
    assert {end.context["outcome"] for end in ends} == {"Draw between France, Germany"}


def test_one_no_and_the_draw_does_not_pass(people: Personas, game: Game) -> None:
    post(people, "player", game, "game_propose", confirm="on", kind="draw")
    page = post(people, "other", game, "game_vote", vote="no")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert "a draw among all surviving powers: did not pass" in page


def test_it_concedes_to_a_named_power(people: Personas, game: Game) -> None:
    post(
        people, "other", game, "game_propose", confirm="on", kind="concession", conceded_to="FRANCE"
    )
    post(people, "player", game, "game_vote", vote="yes")
    game.refresh_from_db()
    assert (game.result_kind, game.result_powers) == (ResultKind.CONCESSION, ["FRANCE"])
    assert game.result == "Conceded to France"


def test_it_refuses_a_concession_to_no_power(people: Personas, game: Game) -> None:
    page = post(
        people,
        "player",
        game,
        "game_propose",
        confirm="on",
        kind="concession",
        conceded_to="ATLANTIS",
    )
    assert "is not a power of this game" in page
    assert not game.proposals.exists()


def test_it_refuses_a_concession_to_yourself(people: Personas, game: Game) -> None:
    page = post(
        people,
        "player",
        game,
        "game_propose",
        confirm="on",
        kind="concession",
        conceded_to="FRANCE",
    )
    assert "You cannot concede to yourself" in page
    assert not game.proposals.exists()


def test_an_observer_cannot_propose(people: Personas, game: Game) -> None:
    page = post(people, "observer", game, "game_propose", confirm="on", kind="draw")
    assert "You do not play" in page
    assert not game.proposals.exists()


def test_a_stranger_gets_404(people: Personas, game: Game) -> None:
    response = people.client("stranger").post(reverse("game_vote", args=[game.pk]), {"vote": "yes"})
    assert response.status_code == 404


def test_an_open_proposal_fails_when_the_phase_is_adjudicated(people: Personas, game: Game) -> None:
    actions.propose_draw(game, people.player, "FRANCE")
    phase = open_phase(game)
    pass_deadline(phase)
    actions.claim_due_phases()
    actions.adjudicate_phase(phase.pk)
    proposal = game.proposals.get()
    assert proposal.status == proposal.Status.FAILED


def test_the_game_master_sees_the_ballots(people: Personas, game: Game) -> None:
    actions.propose_draw(game, people.player, "FRANCE")
    html = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    assert "proposed by France" in html
    assert "<tr><th>France</th><td>yes</td></tr>" in html


def test_a_player_sees_neither_proposer_nor_ballots(people: Personas, game: Game) -> None:
    actions.propose_draw(game, people.player, "FRANCE")
    html = people.client("other").get(reverse("game", args=[game.pk])).content.decode()
    assert "Proposed: <strong>a draw among all surviving powers</strong>" in html
    assert "You have not voted." in html
    assert "France" not in html.split('id="votes"')[1].split("</section>")[0]


def test_a_fog_game_that_stays_fogged_names_no_drawers(people: Personas, fog_game: Game) -> None:
    actions.set_unfog_when_finished(fog_game, people.gm, False)
    fog_game.refresh_from_db()
    actions.propose_draw(fog_game, people.player, "FRANCE")
    actions.vote(fog_game, people.other, "GERMANY", True)
    pass_deadline(open_phase(fog_game))  # a fog game's proposal is decided with its phase
    sweep()
    fog_game.refresh_from_db()
    assert fog_game.result == "Draw among all surviving powers"
    assert fog_game.result_powers == ["FRANCE", "GERMANY"]


def test_a_proposal_waits_for_its_box(people: Personas, game: Game) -> None:
    page = post(people, "player", game, "game_propose", kind="draw")
    assert "Tick the box to confirm the proposal" in page
    assert not Proposal.objects.filter(game=game).exists()
