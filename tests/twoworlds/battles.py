"""The battle catalogue: hidden Blue tokens that Red (the viewer) may not
see, each with a control token that Red does see. Red sends the same
activations in every world; Blue sends nothing and holds at each deadline."""

from __future__ import annotations

from dataclasses import dataclass

from battles import actions
from tests.twoworlds.battleworld import BattleWorld, Token, run_battle


@dataclass(frozen=True)
class BattleVariation:
    name: str
    activations: tuple[str, ...]
    hidden: tuple[Token, ...]  # placed only in the hidden world, out of Red's sight
    control: tuple[Token, ...]  # placed only in the control world, in Red's sight
    exercises: frozenset[str]
    hours: float = 2.5
    # The game master's edits of a token (name, square, HP), once the battle runs.
    hidden_edits: tuple[tuple[str, str, int], ...] = ()
    control_edits: tuple[tuple[str, str, int], ...] = ()

    def script(self, world_name: str):
        tokens = {"base": (), "hidden": self.hidden, "control": self.control}[world_name]
        edits = {"base": (), "hidden": self.hidden_edits, "control": self.control_edits}[world_name]

        def play(world: BattleWorld) -> None:
            for token in tokens:
                world.place(token)
            world.start()
            actions.pause_battle(world.battle, world.master)  # in every world alike
            for name, at, hp in edits:
                actions.edit_token(world.battle, world.master, name, at, hp)
            actions.resume_battle(world.battle, world.master)
            world.activations = list(self.activations)
            run_battle(world, self.hours)

        return play


BATTLE_KINDS = frozenset({"battle_start", "battle_turn", "battle_results", "battle_reminder"})
BATTLE_ACTIONS = frozenset(
    {
        "place_token",
        "start_battle",
        "submit_activation",
        "claim_due_turns",
        "process_turn",
        "process_or_leave_to_the_sweep",
        "mark_reminded",
    }
)

BATTLE_CATALOGUE = (
    # An over-long path through a square an unseen enemy holds: refused for
    # its length in both worlds, before the turn is played and before anything
    # on it is looked at (battles/actions/play.py::check_activation).
    BattleVariation(
        "token_on_an_over_long_path",
        activations=("R1 move b1 c1 d1 e1 f1",),
        hidden=(Token("B2", "Blue", "d1"),),
        control=(Token("B2", "Blue", "b1"),),
        exercises=BATTLE_KINDS | BATTLE_ACTIONS,
    ),
    # An unseen enemy named as a target is refused as a name that is not
    # there at all: nothing tells a hidden name from an unknown one.
    BattleVariation(
        "unseen_token_named_as_a_target",
        activations=("R1 attack B2",),
        hidden=(Token("B2", "Blue", "e5"),),
        control=(Token("B2", "Blue", "b2"),),
        exercises=BATTLE_KINDS | BATTLE_ACTIONS,
    ),
    # The game master moves and wounds a Blue token Red cannot see.
    BattleVariation(
        "game_master_edits_an_unseen_token",
        activations=("R1 hold",),
        hidden=(),
        control=(),
        hidden_edits=(("B1", "g8", 2),),
        control_edits=(("B1", "b2", 2),),
        exercises=frozenset({"edit_token"}),
    ),
)
