"""Press and votes through the API: the game's press rule and the vote's actions, as on the web."""

from api.tests.conftest import api_for
from games.models import PressMode
from games.press.models import PressMessage
from games.votes.models import Proposal


def test_it_sends_press_that_the_recipient_reads(people, fog_game):
    sent = api_for(people.player).post(
        f"/games/{fog_game.pk}/press", {"recipients": ["germany"], "body": "Shall we?"}
    )
    assert sent.status_code == 200, sent.content
    read = api_for(people.other, scope="read").get(f"/games/{fog_game.pk}/press").json()
    [line] = read["messages"]
    assert (line["sender"], line["body"], line["true_sender"]) == ("France", "Shall we?", None)


def test_it_refuses_an_unsigned_message_under_white_press(people, fog_game):
    fog_game.press_mode = PressMode.WHITE
    fog_game.save()
    answer = api_for(people.player).post(
        f"/games/{fog_game.pk}/press",
        {"recipients": ["GERMANY"], "body": "Guess who", "shown_as": "ANONYMOUS"},
    )
    assert answer.status_code == 409
    assert answer.json()["detail"]
    assert not PressMessage.objects.exists()


def test_it_names_the_missing_field(people, fog_game):
    answer = api_for(people.player).post(f"/games/{fog_game.pk}/press", {"body": "Hi"})
    assert answer.status_code == 422
    [problem] = answer.json()["detail"]
    assert problem["loc"][-1] == "recipients"


def test_it_proposes_a_draw_and_takes_a_vote(people, fog_game):
    proposed = api_for(people.player).post(f"/games/{fog_game.pk}/proposals", {"kind": "draw"})
    assert proposed.status_code == 200, proposed.content
    voted = api_for(people.other).post(f"/games/{fog_game.pk}/vote", {"yes": False})
    assert voted.status_code == 200, voted.content
    assert Proposal.objects.get(game=fog_game).ballots.count() == 2


def test_it_names_the_power_a_concession_is_not_for(people, fog_game):
    answer = api_for(people.player).post(
        f"/games/{fog_game.pk}/proposals", {"kind": "concession", "conceded_to": "Atlantis"}
    )
    assert answer.status_code == 409
    assert "Atlantis" in answer.json()["detail"]


def test_it_names_an_unknown_kind_of_proposal(people, fog_game):
    answer = api_for(people.player).post(f"/games/{fog_game.pk}/proposals", {"kind": "truce"})
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"][-1] == "kind"
