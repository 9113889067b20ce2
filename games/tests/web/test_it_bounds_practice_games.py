"""Practice games against caretakers are bounded per account (a few under way at
a time, a few more a day), refused with what to do; their player may end one."""

from datetime import timedelta

from django.utils import timezone

from api.caretaking import run_caretakers
from games import actions
from games.actions.caretakers import PRACTICE_GAMES_A_DAY, PRACTICE_GAMES_AT_ONCE
from games.models import Game, LogEntry, ResultKind
from games.tests.web.conftest import client_for


def practise(user, preset="standard", power="FRANCE"):
    return client_for(user).post("/games/practice/", {"preset": preset, "power": power})


def started(user):
    return Game.objects.filter(practice_player=user).order_by("created", "pk")


def finished_rows(user, count, ago=timedelta(hours=1)):
    """Practice games of the account that have ended, started ``ago``."""
    master = user.__class__.objects.create_user(f"practice-{count}-{ago.seconds}")
    for n in range(count):
        game = Game.objects.create(
            name=f"Practice: {n}",
            start_year=1901,
            game_master=master,
            status=Game.Status.FINISHED,
            practice_player=user,
        )
        Game.objects.filter(pk=game.pk).update(created=timezone.now() - ago)


def test_it_names_the_player_of_a_practice_game(people):
    assert practise(people.player).status_code == 302
    [game] = started(people.player)
    assert game.seats.get(user=people.player).power == "FRANCE"


def test_a_fourth_game_under_way_is_refused_saying_what_to_do(people):
    for power in ("FRANCE", "GERMANY", "ITALY")[:PRACTICE_GAMES_AT_ONCE]:
        assert practise(people.player, power=power).status_code == 302
    answer = practise(people.player, preset="dc2005", power="TURKEY")
    page = answer.content.decode()
    assert answer.status_code == 200
    assert f"You have {PRACTICE_GAMES_AT_ONCE} practice games under way" in page
    assert "finish or end one of them" in page
    assert 'value="TURKEY" selected' in page and 'value="dc2005" selected' in page
    assert started(people.player).count() == PRACTICE_GAMES_AT_ONCE


def test_ending_one_makes_room_for_another(people):
    for power in ("FRANCE", "GERMANY", "ITALY"):
        practise(people.player, power=power)
    first = started(people.player).first()
    client_for(people.player).post(f"/games/{first.pk}/practice/end/")
    assert practise(people.player, power="RUSSIA").status_code == 302


def test_another_accounts_games_do_not_count(people):
    for power in ("FRANCE", "GERMANY", "ITALY"):
        practise(people.other, power=power)
    assert practise(people.player).status_code == 302


def test_the_day_has_a_cap_too_naming_when_to_come_back(people):
    finished_rows(people.player, PRACTICE_GAMES_A_DAY)
    answer = practise(people.player)
    page = answer.content.decode()
    assert f"You have started {PRACTICE_GAMES_A_DAY} practice games in the last 24 hours" in page
    come_back = timezone.localtime(started(people.player).first().created + timedelta(hours=24))
    assert f"{come_back:%Y-%m-%d %H:%M}" in page
    assert started(people.player).count() == PRACTICE_GAMES_A_DAY


def test_games_started_over_a_day_ago_do_not_count_for_the_day(people):
    finished_rows(people.player, PRACTICE_GAMES_A_DAY, ago=timedelta(hours=25))
    assert practise(people.player).status_code == 302


def test_its_player_ends_it_from_the_game_page(people):
    practise(people.player, preset="dc2005")
    [game] = started(people.player)
    page = client_for(people.player).get(f"/games/{game.pk}/").content.decode()
    assert "End this practice game" in page and "Yes, I leave this game" not in page
    answer = client_for(people.player).post(f"/games/{game.pk}/practice/end/")
    assert answer.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.result_kind) == (Game.Status.FINISHED, ResultKind.ENDED)
    assert game.result == "Practice ended by its player"
    assert LogEntry.objects.filter(game=game, action="end game", actor=people.player).exists()
    assert run_caretakers() == [], "the caretakers stop with the game"


def test_nobody_else_ends_it_and_no_other_game_ends_so(people, game):
    practise(people.player)
    [practice] = started(people.player)
    assert client_for(people.other).post(f"/games/{practice.pk}/practice/end/").status_code == 404
    answer = client_for(people.player).post(f"/games/{game.pk}/practice/end/", follow=True)
    assert "Only a practice game can be ended by its player" in answer.content.decode()
    for ended in (practice, game):
        ended.refresh_from_db()
        assert ended.status == Game.Status.ACTIVE


def test_a_game_ended_once_is_not_ended_twice(people):
    practise(people.player)
    [game] = started(people.player)
    actions.end_practice_game(game, people.player)
    answer = client_for(people.player).post(f"/games/{game.pk}/practice/end/", follow=True)
    assert "The game has already ended." in answer.content.decode()


def test_a_draw_its_player_proposes_ends_it_at_once(people):
    """The caretakers accept every draw (ruling 27): in a standard game the
    player's proposal is the last ballot, and the game ends with it."""
    practise(people.player)
    [game] = started(people.player)
    actions.propose_draw(game, people.player, "FRANCE")
    game.refresh_from_db()
    assert (game.status, game.result_kind) == (Game.Status.FINISHED, ResultKind.DRAW)
    assert len(game.result_powers) == 7
