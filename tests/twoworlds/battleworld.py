"""A battle world: FOG OF WAR - BASIC under fog, Red (the viewer) against
Blue, on the script's clock, with the dice drawn from one fixed seed so the
two worlds roll alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth.models import User
from django.core.cache import cache

from adjudication.battle import dice
from battles import actions
from battles.actions import Placement
from battles.models import Battle
from tests.fixtures import confirmed_user
from tests.twoworlds.clock import Clock
from tests.twoworlds.world import TICK, send_new_mail, sweep

SEED = "5eed" * 16
SIDES = ("Red", "Blue")
SIGHT = 2
# Red's scout in a corner; Blue's far away, out of sight.
TOKENS = (("R1", "Red", "a1"), ("B1", "Blue", "h8"))


@dataclass(frozen=True)
class Token:
    name: str
    side: str
    at: str

    def placement(self) -> Placement:
        return Placement(self.name, self.side, self.at, att=3, defence=3, spd=3, hp=3)


@dataclass
class BattleWorld:
    master: User
    players: dict[str, User]
    clock: Clock
    battle_ids: list[int]
    activations: list[str] = field(default_factory=list)
    sent: dict[int, str] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)  # activations refused before play
    game: None = None  # no Diplomacy game in a battle world

    @property
    def battle(self) -> Battle:
        return Battle.objects.get(pk=self.battle_ids[0])

    def fresh(self) -> BattleWorld:
        return BattleWorld(self.master, self.players, self.clock, [*self.battle_ids])

    def place(self, token: Token) -> None:
        actions.place_token(self.battle, self.master, token.placement())

    def start(self) -> None:
        actions.start_battle(self.battle, self.master)


def build(clock: Clock) -> BattleWorld:
    """A battle set up with its sides' players and standing tokens, not yet
    started: each world places its own tokens, then starts it."""
    cache.clear()
    master = confirmed_user("gm", "gm@example.org")
    players = {side: confirmed_user(side.lower(), f"{side.lower()}@example.org") for side in SIDES}
    settings = actions.Settings("Two worlds", 8, 8, SIDES, sight=SIGHT, turn_minutes=60)
    battle = actions.create_battle(master, settings)
    Battle.objects.filter(pk=battle.pk).update(seed=SEED, commitment=dice.commitment(SEED))
    battle.refresh_from_db()
    for token in (Token(*spec) for spec in TOKENS):
        actions.place_token(battle, master, token.placement())
    for side, user in players.items():
        actions.assign_side(battle, master, side, user)
    return BattleWorld(master, players, clock, [battle.pk])


def send_activation(world: BattleWorld, text: str) -> None:
    """Red's activation; one refused before its turn is played (a path the
    rules refuse whatever stands on it) is kept, and the turn left to hold."""
    try:
        actions.submit_activation(world.battle, world.players["Red"], text)
    except actions.ActivationErrors as refusal:
        world.refused.append(str(refusal))


def run_battle(world: BattleWorld, hours: float) -> None:
    """Red sends its activations one a turn, Blue sends nothing (it holds at
    each deadline); the sweep runs at every tick."""
    for _ in range(int(timedelta(hours=hours) / TICK) + 1):
        turn = world.battle.open_turn()
        if turn is not None and turn.side == "Red" and world.activations:
            send_activation(world, world.activations.pop(0))
        world.clock.advance(TICK)
        sweep(world.clock.now)
        send_new_mail(world.sent, world.players["Red"])
