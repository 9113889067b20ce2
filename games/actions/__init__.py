"""Every write to the game's data goes through a function in this package.

Views, forms, tasks, admin actions and commands call these and nothing else
writes. Each function checks what it needs, writes inside one transaction and
records game-master actions in the game log.

Who is acting: every action a person takes names that person and checks it
(``require_seat``: the user plays that power; ``require_game_master``). Where
the game master may act for a power, that is an action of its own, logged
(``submit_orders_for_power``); a player's action never accepts the game
master in the player's place. Actions without a person (claiming and
adjudicating due phases) are the server's, and the log shows no actor.

A grid battle's writes live with the rest of the battle game, in
``battles.actions``, under the same rules.

Email is the one exception: ``postoffice`` writes its own rows (the outbox,
email settings, delivery status reported by providers) in
``postoffice/outbox.py``, ``posting.py`` and ``actions.py``. Those rows are
the mail package's bookkeeping about messages and never change a game; the
actions here queue email through ``games.emails.notify`` inside their own
transaction, so routing mail's writes back through this package would make
each import the other.
"""

from games.actions.base import ActionError, log
from games.actions.board import edit_board
from games.actions.caretakers import (
    care_for_seat,
    end_practice_game,
    start_practice_game,
    start_with_caretakers,
)
from games.actions.control import (
    end_game,
    extend_deadline,
    pause_game,
    replace_player,
    resume_game,
    set_deadline,
    set_spectators_allowed,
    set_unfog_when_finished,
)
from games.actions.invitations import (
    approve_invitation_request,
    ask_for_invitation,
    refuse_invitation_request,
)
from games.actions.orders import set_ready, submit_orders, submit_orders_for_power
from games.actions.press import (
    mark_thread_read,
    send_game_master_press,
    send_press,
    set_press_open,
)
from games.actions.processing import (
    adjudicate_phase,
    claim_due_phases,
    claim_phase_now,
    reclaim_stuck_phases,
)
from games.actions.queue import process_now, retry_failed_phase
from games.actions.rollback import roll_back
from games.actions.seats import give_seat, leave_game, open_seat, set_seat_rules, take_seat
from games.actions.setup import (
    assign_powers,
    create_game,
    invite,
    join,
    join_by_invitation,
    set_setup_choice,
    start_game,
)
from games.actions.votes import propose_concession, propose_draw, vote

__all__ = [
    "ActionError",
    "adjudicate_phase",
    "approve_invitation_request",
    "ask_for_invitation",
    "assign_powers",
    "care_for_seat",
    "claim_due_phases",
    "claim_phase_now",
    "create_game",
    "edit_board",
    "end_game",
    "end_practice_game",
    "extend_deadline",
    "give_seat",
    "invite",
    "join",
    "join_by_invitation",
    "leave_game",
    "log",
    "mark_thread_read",
    "open_seat",
    "pause_game",
    "process_now",
    "propose_concession",
    "propose_draw",
    "reclaim_stuck_phases",
    "refuse_invitation_request",
    "replace_player",
    "resume_game",
    "retry_failed_phase",
    "roll_back",
    "send_game_master_press",
    "send_press",
    "set_deadline",
    "set_press_open",
    "set_ready",
    "set_seat_rules",
    "set_setup_choice",
    "set_spectators_allowed",
    "set_unfog_when_finished",
    "start_game",
    "start_practice_game",
    "start_with_caretakers",
    "submit_orders",
    "submit_orders_for_power",
    "take_seat",
    "vote",
]
