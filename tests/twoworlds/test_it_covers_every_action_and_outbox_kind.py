"""The catalogue keeps up with the code, as the access matrix does with URLs:
every public function of games/actions and of battles/actions, and every
outbox kind, is either put through a two-world comparison by some catalogue
entry, or named below with the reason no hidden variation can reach a player
through it. A new action or a new kind fails here until one or the other is
written."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import battles.actions
import games.actions
from postoffice.models import OutboxMessage
from tests.twoworlds.battles import BATTLE_CATALOGUE
from tests.twoworlds.catalogue import CATALOGUE
from tests.twoworlds.receipts import query_values
from tests.twoworlds.urls import patterns

CHECK = "a check or lookup the covered actions make; it writes nothing of its own"
SETUP = "before the game starts, the same for every world: nothing is hidden yet"
PUBLIC = "the game master's act, told to every player alike (docs/fog.md)"
SERVER = "the server's plumbing around adjudicate_phase, which the catalogue runs"
AUTOMATIC_SEATS = "automatic seat opening, refused for fog games (check_seat_rules)"
BATTLE_SETUP = "setting up a battle before it starts"
BATTLE_PUBLIC = "the game master's control of a battle, told to every side alike"
BATTLE_MESSAGE = (
    "a message within a battle goes at once to whom its sender names, with its sender's"
    " words: nothing the board holds enters it (battles/tests/web/"
    "test_it_carries_messages_within_a_battle.py)"
)

NOT_A_HIDDEN_VARIATION = {
    **dict.fromkeys(
        (
            "lock_game",
            "lock_phase",
            "log",
            "require_game_master",
            "require_seat",
            "require_status",
            "check_dates",
            "has_a_choice",
            "missing_orders",
            "require_open",
            "everyone_ready",
            "receiving_powers",
            "recipient_rows",
            "check_shown_as",
            "checked_body",
            "game_master_receivers",
            "due",
            "records_now",
            "check_clock_rules",
            "describe_clock",
            "require_voter",
            "surviving_powers",
            "open_proposal",
            "result_text",
            "phase_to_reopen",
            "battle_log",
            "require_battle_master",
            "require_battle_status",
            "sides_of_user",
            "require_side",
            "open_turn_of",
            "check_activation",
            "check_square",
            "current_seat",
            "open_seat_of",
            "require_newcomer",
            "require_standing",
            "check_seat_rules",
            "seat_changes_are_hidden",
            "absence_effect",
            "all_voted",
            "all_yes",
            "voters",
            "vote_recorded",
            "seats_to_be_ready",
            "may_claim",
            "phases_ahead",
            "not_ahead",
        ),
        CHECK,
    ),
    **dict.fromkeys(
        (
            "create_game",
            "invite",
            "join",
            "join_by_invitation",
            "ask_for_invitation",
            "approve_invitation_request",
            "refuse_invitation_request",
            "set_setup_choice",
            "assign_powers",
            "start_game",
            "open_phase",
            "start_with_caretakers",
            "start_practice_game",
        ),
        SETUP,
    ),
    **dict.fromkeys(
        ("retry_failed_messages", "retry_failed_battle_messages"),
        "the game master sends again mail that failed as it was written: which rows failed"
        " is the mail servers' doing, and each goes to its own recipient unchanged",
    ),
    **dict.fromkeys(
        (
            "set_deadline",
            "extend_deadline",
            "pause_game",
            "resume_game",
            "end_game",
            "set_spectators_allowed",
            "set_unfog_when_finished",
            "set_clock_rules",
            "set_press_open",
            "roll_back",
            "process_now",
            "retry_failed_phase",
            "set_seat_rules",
            "open_seat",
            "take_seat",
            "deadline_on_resuming",
            "keep_clock_stopped",
        ),
        PUBLIC,
    ),
    **dict.fromkeys(("claim_phase_now", "enqueue_adjudication"), SERVER),
    "cancel_early_end": "takes back an early end, which needs the viewer's own ready"
    " (games/tests/web/test_it_ends_early_when_all_ready.py)",
    **dict.fromkeys(
        ("missed_in_a_row", "away_days", "open_seats_of_absent_players"), AUTOMATIC_SEATS
    ),
    **dict.fromkeys(
        (
            "create_battle",
            "read_terrain",
            "terrain_text",
            "set_terrain",
            "remove_token",
            "assign_side",
            "assign_token",
        ),
        BATTLE_SETUP,
    ),
    **dict.fromkeys(
        (
            "extend_turn",
            "pause_battle",
            "resume_battle",
            "process_turn_now",
            "override_roll",
            "override_made_roll",
            "end_battle",
            "set_battle_press",
        ),
        BATTLE_PUBLIC,
    ),
    "withdraw_absence": "takes back the player's own absence, which in a fog game moves"
    " nothing anyone else sees (the absent entries); one that moved a deadline stays",
    **dict.fromkeys(
        ("end_practice_game", "check_practice_allowance"),
        "a practice game has one person in it, who ends it; every other seat is the"
        " caretaker's (games/tests/web/test_it_bounds_practice_games.py)",
    ),
    **dict.fromkeys(
        ("keep_orders_ahead", "apply_orders_ahead"),
        "orders given ahead are kept unchecked and entered from the power's own record"
        " when their phase opens; the answer is compared in two worlds in"
        " games/tests/replies/test_it_keeps_orders_given_ahead.py",
    ),
    "concede_battle": "a side's concession ends the battle, told to every side alike (B28)",
    **dict.fromkeys(("send_battle_message", "may_write_to"), BATTLE_MESSAGE),
}

KINDS_NOT_A_HIDDEN_VARIATION = {
    "invitation": SETUP,
    "invitation_request": SETUP,
    "answer": "goes only to whoever wrote in, about their own message (games/tests/replies/)",
    "battle_answer": "goes only to whoever wrote in, about their own message (battles/tests/mail/)",
    "battle_end": "the end of a battle, told to every side alike",
    "battle_message": BATTLE_MESSAGE,
}


ACTION_PACKAGES = (games.actions, battles.actions)


def actions() -> set[str]:
    """Every public function defined in a module of games/actions or battles/actions."""
    found = set()
    for package in ACTION_PACKAGES:
        found |= public_functions(package)
    return found


def public_functions(package: ModuleType) -> set[str]:
    found = set()
    for module_info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        found |= {
            name
            for name, value in vars(module).items()
            if inspect.isfunction(value)
            and value.__module__ == module.__name__
            and not name.startswith("_")
        }
    return found


def test_it_reads_the_actions_of_both_packages() -> None:
    found = actions()
    assert {"submit_orders", "submit_activation", "concede_battle", "set_battle_press"} <= found


def exercised() -> set[str]:
    return set().union(*(entry.exercises for entry in (*CATALOGUE, *BATTLE_CATALOGUE)))


def test_it_covers_every_action() -> None:
    missing = sorted(actions() - exercised() - set(NOT_A_HIDDEN_VARIATION))
    assert not missing, f"actions no two-world catalogue entry exercises: {missing}"


def test_it_covers_every_outbox_kind() -> None:
    kinds = set(OutboxMessage.Kind.values)
    missing = sorted(kinds - exercised() - set(KINDS_NOT_A_HIDDEN_VARIATION))
    assert not missing, f"outbox kinds no two-world catalogue entry exercises: {missing}"


def test_it_names_only_what_exists() -> None:
    known = actions() | set(OutboxMessage.Kind.values)
    stale = sorted(
        (exercised() | set(NOT_A_HIDDEN_VARIATION) | set(KINDS_NOT_A_HIDDEN_VARIATION)) - known
    )
    assert not stale, f"the catalogue names actions or kinds that no longer exist: {stale}"


def test_it_exempts_nothing_it_covers() -> None:
    both = sorted(exercised() & (set(NOT_A_HIDDEN_VARIATION) | set(KINDS_NOT_A_HIDDEN_VARIATION)))
    assert not both, f"both exercised and exempted: {both}"


def test_it_knows_every_query_parameter() -> None:
    """A view that reads a new query parameter is asked with it only once the
    walk knows what values to give it."""
    read = {parameter for pattern in patterns() for parameter in pattern.parameters}
    known = set(query_values(None, [], []))
    assert read <= known, f"query parameters the walk has no values for: {sorted(read - known)}"
