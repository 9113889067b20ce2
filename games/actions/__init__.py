"""Every write to the game's data goes through a function in this package.

Views, forms, tasks, admin actions and commands call these and nothing else
writes. Each function checks what it needs, writes inside one transaction and
records game-master actions in the game log.
"""

from games.actions.accounts import sign_up, update_profile
from games.actions.adjudication import (
    adjudicate_phase,
    claim_due_phases,
    claim_phase_now,
    process_now,
    reclaim_stuck_phases,
    retry_failed_phase,
)
from games.actions.base import ActionError, log
from games.actions.control import (
    end_game,
    extend_deadline,
    pause_game,
    replace_player,
    resume_game,
    set_deadline,
    set_unfog_when_finished,
)
from games.actions.orders import set_ready, submit_orders
from games.actions.press import send_press, set_press_open
from games.actions.setup import (
    assign_powers,
    create_game,
    invite,
    join,
    join_by_invitation,
    set_setup_choice,
    start_game,
)

__all__ = [
    "ActionError",
    "adjudicate_phase",
    "assign_powers",
    "claim_due_phases",
    "claim_phase_now",
    "create_game",
    "end_game",
    "extend_deadline",
    "invite",
    "join",
    "join_by_invitation",
    "log",
    "pause_game",
    "process_now",
    "reclaim_stuck_phases",
    "replace_player",
    "resume_game",
    "retry_failed_phase",
    "send_press",
    "set_deadline",
    "set_press_open",
    "set_ready",
    "set_setup_choice",
    "set_unfog_when_finished",
    "sign_up",
    "start_game",
    "submit_orders",
    "update_profile",
]
