"""The catalogue of hidden variations: for each, three worlds from one start.

* the **base** world, and the **hidden** world, which differs from it only in
  something the viewer (England) may not know: what England receives must be
  the same bytes in both;
* the **control** world, which differs from the base in something England
  may know: what England receives must differ, which proves the comparison
  would see the hidden difference if it reached England.

Steps are given by tick (tick 0 is the start; one tick is world.TICK). The
``common`` steps run in all three worlds, first. ``exercises`` names the
actions of games/actions and the outbox kinds each entry puts through the
comparison (test_it_covers_every_action_and_outbox_kind.py reads them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudication.fog import FOG_PRESETS, PRESETS
from tests.twoworlds import steps
from tests.twoworlds.world import Step

Steps = dict[int, list[Step]]
OTHERS_BUT_TURKEY = ("AUSTRIA", "FRANCE", "GERMANY", "ITALY", "RUSSIA")
STANDARD = ("standard",)
ALL_PRESETS = tuple(PRESETS)
SEATED_WITHOUT_ITALY = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")


def seated_but(sender: str) -> list[str]:
    """Every power with a player in a world whose Italy seat stays empty, but the sender."""
    return [power for power in SEATED_WITHOUT_ITALY if power != sender]


@dataclass(frozen=True)
class Variation:
    name: str
    hidden: Steps
    control: Steps
    exercises: frozenset[str]
    common: Steps = field(default_factory=dict)
    base: Steps = field(default_factory=dict)
    hours: float = 1.5
    settings: dict[str, Any] = field(default_factory=dict)
    # Powers the viewer might name in a query (?power=, ?with=).
    actors: tuple[str, ...] = ("GERMANY", "TURKEY")
    presets: tuple[str, ...] = FOG_PRESETS

    @property
    def base_key(self) -> tuple[Any, ...]:
        """Entries with the same key play the same base world: no steps of
        their own in it, the same hours, settings, query actors and rule
        sets. Their base is played once and each hidden and control world
        compared with it."""
        if self.common or self.base:
            return (self.name,)
        return (self.hours, tuple(sorted(self.settings.items())), self.actors, self.presets)

    def script(self, world: str) -> Steps:
        own = {"base": self.base, "hidden": self.hidden, "control": self.control}[world]
        ticks = set(self.common) | set(own)
        return {tick: [*self.common.get(tick, []), *own.get(tick, [])] for tick in ticks}


def sharing_a_base(entries: tuple[Variation, ...]) -> list[tuple[Variation, ...]]:
    """The entries grouped by the base world they play, in catalogue order."""
    groups: dict[tuple[Any, ...], list[Variation]] = {}
    for entry in entries:
        groups.setdefault(entry.base_key, []).append(entry)
    return [tuple(group) for group in groups.values()]


def kinds(*names: str) -> frozenset[str]:
    return frozenset(names)


# Dislodgements: Austria can take Munich (out of England's sight) and France
# can take London (England's own fleet), whatever the rule set's start.
DISLODGEMENT_BOARD = [
    steps.edit_if("A", "GERMANY", "MUN"),
    steps.edit("add", "TYR", "A", "AUSTRIA"),
    steps.edit("add", "BOH", "A", "AUSTRIA"),
    steps.edit_if("F", "ENGLAND", "LON"),
    steps.edit("add", "ENG", "F", "FRANCE"),
    steps.edit("add", "WAL", "A", "FRANCE"),
    # Germany sends nothing after the first phase, in every world.
    steps.silent("GERMANY", 2),
]

# The beat's caretaker pass, at every tick of a two-hour script but the first.
CARETAKER_PASSES: Steps = {tick: [steps.caretakers_play()] for tick in range(1, 9)}

CATALOGUE = (
    Variation(
        "missed_orders",
        hidden={0: [steps.silent("TURKEY")]},
        control={0: [steps.silent("ENGLAND")]},
        hours=2,
        exercises=kinds(
            "submit_orders",
            "claim_due_phases",
            "reclaim_stuck_phases",
            "adjudicate_phase",
            "extend_for_missing_orders",
            "give_scheduled_grace",
            "move_deadline",
            "results",
            "reminder",
            "deadline",
            "game_start",
        ),
    ),
    Variation(
        "dislodged_out_of_sight",
        common={0: DISLODGEMENT_BOARD},
        hidden={0: [steps.orders("AUSTRIA", 1, ["A TYR - MUN", "A BOH S A TYR - MUN"])]},
        control={0: [steps.orders("FRANCE", 1, ["F ENG - LON", "A WAL S F ENG - LON"])]},
        hours=2.5,
        exercises=kinds("edit_board", "submit_orders", "adjudicate_phase", "notice", "results"),
    ),
    Variation(
        "has_a_build",
        common={0: [steps.silent("TURKEY", 5)]},
        hidden={0: [steps.remove_a_unit("TURKEY")]},
        control={0: [steps.remove_a_unit("ENGLAND")]},
        hours=4.5,
        exercises=kinds("edit_board", "adjudicate_phase", "extend_for_missing_orders", "deadline"),
    ),
    Variation(
        # Players' standing: while a fog game runs, Turkey's missed orders and
        # its elimination reach no page England may read: not Turkey's page
        # (walked with every player's, url_values), not the lobby, not the
        # ranking. England's own silence (control) is England's to know.
        "standing_while_fog_runs",
        hidden={0: [steps.silent("TURKEY"), steps.eliminate("TURKEY")]},
        control={0: [steps.silent("ENGLAND")]},
        hours=2,
        exercises=kinds("submit_orders", "edit_board", "adjudicate_phase", "claim_due_phases"),
    ),
    Variation(
        "eliminated",
        common={5: [steps.propose_draw("ENGLAND"), steps.votes(OTHERS_BUT_TURKEY)]},
        hidden={0: [steps.eliminate("TURKEY")]},
        control={5: [steps.vote("TURKEY")]},
        hours=2,
        exercises=kinds(
            "propose_draw",
            "vote",
            "edit_board",
            "close_open_proposal",
            "finish_game",
            "close_open_proposal_quietly",
            "vote",
            "game_end",
        ),
    ),
    Variation(
        # The caretaker plays Turkey and votes yes on England's draw the moment
        # it opens, by the proposal alone: Turkey out of the game (hidden) or
        # not, the draw passes. France's no (control) is an outcome England reads.
        # The fog stays at the end: lifted, it would rightly name the drawers.
        "caretakers_ballot",
        settings={"in_lobby": False, "unfog_when_finished": False},
        common={
            **CARETAKER_PASSES,
            0: [steps.leave("TURKEY"), steps.caretaker("TURKEY")],
            5: [
                *CARETAKER_PASSES[5],
                steps.propose_draw("ENGLAND"),
                steps.votes(OTHERS_BUT_TURKEY),
            ],
        },
        hidden={0: [steps.eliminate("TURKEY")]},
        control={5: [steps.vote("FRANCE", yes=False)]},
        hours=2,
        exercises=kinds(
            "caretakers_vote",
            "care_for_seat",
            "propose_draw",
            "vote",
            "close_open_proposal",
            "finish_game",
            "game_end",
        ),
    ),
    Variation(
        # A caretaker's pass for Turkey leaves no trace in what England's own
        # tokens show: England makes one before the pass and one after, and
        # the settings page lists them (their links carry their ids) the same
        # whether the pass ran or not. A token England made and revoked
        # between the two (control) shows in the gap between their ids.
        "caretaker_pass_beside_my_tokens",
        settings={"in_lobby": False},
        common={
            0: [
                steps.leave("TURKEY"),
                steps.caretaker("TURKEY"),
                steps.own_token("ENGLAND", "one"),
            ],
            2: [steps.own_token("ENGLAND", "two")],
        },
        hidden={1: [steps.caretakers_play()]},
        control={1: [steps.token_made_and_revoked("ENGLAND")]},
        # Read before the deadline: the caretaker's orders are its power's own.
        hours=0.5,
        # Token ids know nothing of the rule set: one fog rule set is enough.
        presets=("dc2005",),
        exercises=kinds("care_for_seat", "leave_game"),
    ),
    Variation(
        "concession_to_an_eliminated_power",
        common={5: [steps.propose_concession("ENGLAND", "TURKEY"), steps.votes(OTHERS_BUT_TURKEY)]},
        hidden={0: [steps.eliminate("TURKEY")]},
        control={5: [steps.vote("TURKEY")]},
        hours=2,
        exercises=kinds("propose_concession", "vote", "game_end"),
    ),
    Variation(
        "voted",
        common={1: [steps.propose_draw("ENGLAND")]},
        hidden={2: [steps.vote("GERMANY")]},
        control={2: [steps.votes(("TURKEY", *OTHERS_BUT_TURKEY))]},
        exercises=kinds("propose_draw", "vote"),
    ),
    Variation(
        "absent_which_power",
        base={1: [steps.absence("ITALY")]},
        hidden={1: [steps.absence("GERMANY")]},
        control={1: [steps.absence("ITALY"), steps.absence("ENGLAND")]},
        actors=("GERMANY", "ITALY"),
        exercises=kinds(
            "declare_absence",
            "move_past_absences",
            "absence_covering",
            "is_playing",
            "moves_left",
            "move_deadline",
            "deadline",
        ),
    ),
    Variation(
        "absent_moving_nothing",
        hidden={1: [steps.absence("GERMANY", days_from_now=10)]},
        control={1: [steps.absence("ENGLAND", days_from_now=10)]},
        exercises=kinds("declare_absence"),
    ),
    Variation(
        "absence_refused",
        common={1: [steps.absence("GERMANY", days_from_now=10)]},
        hidden={2: [steps.refuse_absences("GERMANY")]},
        control={
            1: [steps.absence("ENGLAND", days_from_now=10)],
            2: [steps.refuse_absences("ENGLAND")],
        },
        exercises=kinds("refuse_absence"),
    ),
    Variation(
        "replaced",
        hidden={1: [steps.hand_over("GERMANY", "replace")]},
        control={1: [steps.hand_over("ENGLAND", "replace")]},
        exercises=kinds("replace_player", "catch_up", "farewell"),
    ),
    Variation(
        "seat_given_to_a_newcomer",
        settings={"in_lobby": False},
        hidden={1: [steps.hand_over("GERMANY", "give")]},
        control={1: [steps.hand_over("ENGLAND", "give")]},
        exercises=kinds("give_seat", "catch_up"),
    ),
    Variation(
        "left_its_seat_to_the_caretaker",
        settings={"in_lobby": False},
        hidden={1: [steps.leave("GERMANY"), steps.caretaker("GERMANY")]},
        control={1: [steps.leave("ENGLAND"), steps.caretaker("ENGLAND")]},
        exercises=kinds("care_for_seat", "caretaker_account", "leave_game", "farewell"),
    ),
    Variation(
        "ordered_by_the_game_master",
        hidden={1: [steps.orders_by_game_master("TURKEY")]},
        # The game master's holds for England would be England's own: the
        # control moves a unit, which England's record then shows.
        control={1: [steps.orders_by_game_master("ENGLAND", move=("EDI", "YOR"))]},
        exercises=kinds("submit_orders_for_power"),
    ),
    Variation(
        "left_its_seat",
        settings={"in_lobby": False},
        hidden={1: [steps.leave("GERMANY")]},
        control={1: [steps.leave("ENGLAND")]},
        exercises=kinds("leave_game", "farewell"),
    ),
    Variation(
        "ready",
        hidden={1: [steps.ready("TURKEY")]},
        control={1: [steps.ready("ENGLAND")]},
        hours=0.5,
        exercises=kinds("set_ready"),
    ),
    Variation(
        "everyone_else_ready",
        hidden={1: [steps.ready(power) for power in ("TURKEY", *OTHERS_BUT_TURKEY)]},
        control={1: [steps.ready(power) for power in ("TURKEY", "ENGLAND", *OTHERS_BUT_TURKEY)]},
        hours=0.75,
        exercises=kinds("set_ready", "start_early_end"),
    ),
    Variation(
        "press_to_a_third_power",
        hidden={1: [steps.press("GERMANY", ["ITALY"], "Shall we?")]},
        control={1: [steps.press("GERMANY", ["ENGLAND"], "Shall we?")]},
        actors=("GERMANY", "ITALY"),
        exercises=kinds("send_press", "press"),
    ),
    Variation(
        # Italy never had a player, so press cannot go to it: a message to
        # every seated power but its sender reads "Everyone" whoever sent it.
        "anonymous_press_to_every_seated_power_but_one",
        base={1: [steps.anonymous_press("RUSSIA", seated_but("RUSSIA"), "Who am I?")]},
        hidden={1: [steps.anonymous_press("GERMANY", seated_but("GERMANY"), "Who am I?")]},
        control={1: [steps.anonymous_press("GERMANY", ["ENGLAND", "FRANCE"], "Who am I?")]},
        settings={"press_mode": "grey", "empty_seats": ("ITALY",)},
        actors=("GERMANY", "RUSSIA"),
        exercises=kinds("send_press", "press"),
    ),
    Variation(
        # No read receipts: England's own message, read or not by Germany,
        # reads the same to England; England reading its own thread differs.
        "read_englands_press",
        common={
            1: [
                steps.press("ENGLAND", ["GERMANY"], "Did you read this?"),
                steps.press("GERMANY", ["ENGLAND"], "And this?"),
            ]
        },
        hidden={1: [steps.read_press("GERMANY", "ENGLAND")]},
        control={1: [steps.read_press("ENGLAND", "GERMANY")]},
        actors=("GERMANY", "ITALY"),
        exercises=kinds("mark_thread_read"),
    ),
    Variation(
        "game_master_press_to_another",
        hidden={1: [steps.game_master_press(["GERMANY"], "A word.")]},
        control={1: [steps.game_master_press(["ENGLAND"], "A word.")]},
        exercises=kinds("send_game_master_press", "press"),
    ),
    Variation(
        "game_master_edit_out_of_sight",
        hidden={1: [steps.edit("add", "ARM", "A", "TURKEY")]},
        control={1: [steps.edit("add", "NTH", "F", "GERMANY")]},
        exercises=kinds("edit_board", "notice"),
    ),
    # Plain standard play (ruling 25) shows the whole board, every order with
    # its result and who has ordered and is ready; what stays private there is
    # below: the standard-only entries repeat fog entries whose hidden world is
    # private in every rule set, the others run under all five.
    Variation(
        "standard_press_to_a_third_power",
        hidden={1: [steps.press("GERMANY", ["TURKEY"], "Shall we?")]},
        control={1: [steps.press("GERMANY", ["ENGLAND"], "Shall we?")]},
        presets=STANDARD,
        exercises=kinds("send_press", "press"),
    ),
    Variation(
        "standard_game_master_press_to_another",
        hidden={1: [steps.game_master_press(["GERMANY"], "A word.")]},
        control={1: [steps.game_master_press(["ENGLAND"], "A word.")]},
        presets=STANDARD,
        exercises=kinds("send_game_master_press", "press"),
    ),
    Variation(
        "standard_absent_moving_nothing",
        hidden={1: [steps.absence("GERMANY", days_from_now=10)]},
        control={1: [steps.absence("ENGLAND", days_from_now=10)]},
        presets=STANDARD,
        exercises=kinds("declare_absence"),
    ),
    Variation(
        # Who has ordered is public here; who wrote the orders is not.
        "standard_ordered_by_the_game_master",
        hidden={1: [steps.orders_by_game_master("TURKEY")]},
        control={1: [steps.orders_by_game_master("ENGLAND", move=("EDI", "YOR"))]},
        # Read before the results: the script then silences Turkey for good,
        # and in standard play a power without orders is public.
        hours=0.5,
        presets=STANDARD,
        exercises=kinds("submit_orders_for_power"),
    ),
    Variation(
        # Everyone learns that the deadline moved past an absence, not whose.
        "standard_absent_which_power",
        base={1: [steps.absence("ITALY")]},
        hidden={1: [steps.absence("GERMANY")]},
        control={1: [steps.absence("ITALY"), steps.absence("ENGLAND")]},
        actors=("GERMANY", "ITALY"),
        presets=STANDARD,
        exercises=kinds("declare_absence", "move_past_absences", "deadline"),
    ),
    Variation(
        "standard_absence_refused",
        common={1: [steps.absence("GERMANY", days_from_now=10)]},
        hidden={2: [steps.refuse_absences("GERMANY")]},
        control={
            1: [steps.absence("ENGLAND", days_from_now=10)],
            2: [steps.refuse_absences("ENGLAND")],
        },
        presets=STANDARD,
        exercises=kinds("refuse_absence"),
    ),
    Variation(
        # A standard proposal closes once every surviving power voted: one
        # more ballot short of that tells nobody anything.
        "standard_voted",
        common={1: [steps.propose_draw("ENGLAND")]},
        hidden={2: [steps.vote("GERMANY")]},
        control={2: [steps.votes(("TURKEY", *OTHERS_BUT_TURKEY))]},
        presets=STANDARD,
        exercises=kinds("propose_draw", "vote"),
    ),
    Variation(
        # Ballots are secret in every rule set (docs/lifecycle.md, "What
        # players learn"): Germany's yes changed to no moves nothing while
        # others have not voted; everyone's yes (control) passes the draw.
        "ballot_changed_to_no",
        common={1: [steps.propose_draw("ENGLAND"), steps.vote("GERMANY")]},
        hidden={2: [steps.vote("GERMANY", yes=False)]},
        control={2: [steps.votes(("TURKEY", *OTHERS_BUT_TURKEY))]},
        presets=ALL_PRESETS,
        exercises=kinds("propose_draw", "vote"),
    ),
    Variation(
        # What another power ordered is shown with the results, never before:
        # Germany's changed orders against its first ones, read before the
        # deadline; England's own (control) are on its page.
        "orders_before_the_results",
        hidden={1: [steps.other_orders("GERMANY", "MUN", "RUH")]},
        control={1: [steps.other_orders("ENGLAND", "LVP", "YOR")]},
        hours=0.5,
        presets=ALL_PRESETS,
        exercises=kinds("submit_orders"),
    ),
    Variation(
        "orders_checked_live",
        hidden={1: [steps.check_orders_live("GERMANY", "A MUN - RUH\nA BER - XYZ")]},
        # The checker's answer goes to its asker alone: England's press stands in.
        control={1: [steps.press("ENGLAND", ["GERMANY"], "Checking.")]},
        presets=ALL_PRESETS,
        exercises=kinds("send_press"),
    ),
    Variation(
        # A player's time zone and email settings are their own: Germany's
        # plain text, no reminders and no press copies change nothing of
        # England's; England's own (control) change its pages and mail.
        "private_settings",
        hidden={1: [steps.private_settings("GERMANY")]},
        control={1: [steps.private_settings("ENGLAND")]},
        presets=ALL_PRESETS,
        exercises=kinds("results"),
    ),
    Variation(
        # Another player's API token, its use and its checks are its own.
        "api_program",
        hidden={1: [steps.api_program("GERMANY")]},
        control={1: [steps.api_program("ENGLAND")]},
        presets=ALL_PRESETS,
        exercises=kinds(),
    ),
    Variation(
        # England writes to Germany, whose player took press and reminders
        # off, chose plain text and whose address bounced: England's message
        # and pages are the same as to any correspondent.
        "settings_of_a_correspondent",
        common={2: [steps.press("ENGLAND", ["GERMANY"], "Hello.")]},
        hidden={1: [steps.private_settings("GERMANY"), steps.address_bounced("GERMANY")]},
        control={1: [steps.private_settings("ENGLAND")]},
        presets=ALL_PRESETS,
        exercises=kinds("send_press", "press"),
    ),
)
