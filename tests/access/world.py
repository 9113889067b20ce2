"""The people of the access matrix and the games they stand in.

One game under way ("the game") with its game master, its own player
(France), a replaced player (Germany's first player), and an invited person
who never joined; a second game under way, open to watchers, whose player is
a stranger to the first; a finished game whose player asks after the end; a
signed-in stranger; a spectator (signed in, no seat, not invited), who asks
about the second game; nobody signed in; and a
grid battle under way, run by the game's master, in which the game's own
player plays Red (nobody else has a part in it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client

from battles import actions as battle_actions
from battles.models import Battle
from games import actions
from games.models import Game, Invitation
from postoffice.models import OutboxMessage
from postoffice.unsubscribe import unsubscribe_token

PASSWORD = "a-long-test-password"

PERSONAS = (
    "anonymous",
    "game_master",
    "own_player",
    "other_games_player",
    "stranger",
    "invited",
    "replaced",
    "player_after_end",
    "spectator",
)


def make_user(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.com", PASSWORD)


@dataclass
class World:
    users: dict[str, Any]
    game: Game
    other_game: Game
    finished_game: Game
    invitation: Invitation
    battle: Battle

    def client(self, persona: str) -> Client:
        client = Client()
        if persona != "anonymous":
            client.force_login(self.users[persona])
        return client

    def game_for(self, persona: str) -> Game:
        """The game a persona asks about: the finished one for its player, the
        watchable one for the spectator, else the game."""
        if persona == "spectator":
            return self.other_game
        return self.finished_game if persona == "player_after_end" else self.game

    def url_values(self, persona: str) -> dict[str, Any]:
        """A value for each URL converter name, as this persona would use it."""
        game = self.game_for(persona)
        message = OutboxMessage.objects.filter(game=game).first()
        return {
            "game_id": game.pk,
            "ordinal": 0,
            "preset": "dc2005",
            "message_id": message.pk if message else 1,
            "key": "no-such-message",
            "join": game.join_token,
            "invitation": self.invitation.token,
            "invitation_ask": self.invitation.token,
            # Account links: a confirmation link that is not one we sent, a
            # password reset link that fails, the game master's unsubscribe link.
            "verify_email": "not-a-link-we-sent",
            "address_change_link": "not-a-link-we-sent",
            "password_reset_confirm": "not-a-reset-token",
            "unsubscribe": unsubscribe_token(self.game_for("game_master").game_master),
            "battle_id": self.battle.pk,
        }


def started_game(game_master: Any, players: dict[str, Any], name: str) -> Game:
    game = actions.create_game(game_master, name=name, preset="dc2005", start_year=1901)
    for power, user in players.items():
        actions.join(game, user, [power])
    actions.assign_powers(game, game_master, by_preference=True)
    actions.start_game(game, game_master)
    game.refresh_from_db()
    return game


def build_world() -> World:
    users = {name: make_user(name) for name in PERSONAS if name != "anonymous"}
    germany, other_master = make_user("germany"), make_user("other_master")
    game = actions.create_game(
        users["game_master"], name="The game", preset="dc2005", start_year=1901
    )
    invitation = actions.invite(game, users["game_master"], users["invited"].email)
    actions.join(game, users["own_player"], ["FRANCE"])
    actions.join(game, users["replaced"], ["GERMANY"])
    actions.assign_powers(game, users["game_master"], by_preference=True)
    actions.start_game(game, users["game_master"])
    seat = game.seats.get(power="GERMANY")
    actions.replace_player(game, users["game_master"], seat, germany)
    game.refresh_from_db()
    players = {"ITALY": users["other_games_player"]}
    other_game = started_game(other_master, players, "Another game")
    actions.set_spectators_allowed(other_game, other_master, True)
    other_game.refresh_from_db()
    finished = started_game(other_master, {"ENGLAND": users["player_after_end"]}, "Ended")
    actions.end_game(finished, other_master)
    finished.refresh_from_db()
    battle = started_battle(users["game_master"], users["own_player"])
    return World(users, game, other_game, finished, invitation, battle)


def started_battle(game_master: Any, red: Any) -> Battle:
    """A grid battle under way: the game's master runs it, the game's own player plays Red."""
    settings = battle_actions.Settings("The battle", 6, 6, ("Red", "Blue"), sight=2)
    battle = battle_actions.create_battle(game_master, settings)
    for name, side, at in (("R1", "Red", "a1"), ("B1", "Blue", "f6")):
        placement = battle_actions.Placement(name, side, at, 3, 3, 3, 3)
        battle_actions.place_token(battle, game_master, placement)
    battle_actions.assign_side(battle, game_master, "Red", red)
    battle_actions.start_battle(battle, game_master)
    battle.refresh_from_db()
    return battle
