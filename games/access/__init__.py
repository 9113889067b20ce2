"""The only road from the database to anything a player sees.

For a (user, game) this package decides the role and hands out the knowledge
records that role may read (docs/knowledge-record.md), never the true board:

* the game master reads the full record ("" power) and any power's records,
  and sees who has ordered and who is ready;
* a player reads their own power's records and their own orders;
* an observer (a member without a power: not yet assigned, or replaced) reads
  the record of a power with no units;
* a spectator (signed in, no part in the game, where the game master lets
  non-members watch) reads what an observer reads, on the pages that only
  show (access_game_to_watch); every other page answers 404 as to a stranger;
* a stranger gets 404, as if the game did not exist.

When a game has finished, players, observers and spectators may also read
the full records and every power's, unless the game master turned that off.
Every branch has a test in games/tests/web/test_it_enforces_access_rules.py (the
spectator's in games/tests/watch/).

Votes: a player sees the open proposal (never who made it), their own
ballot and the last outcome; only the game master reads every ballot.

Press: the game master reads every message with its true sender; a player
reads the messages their power received or sent, each sender shown exactly as
signed (the true sender only on their own), grouped into threads by what
their power sees of each message (ruling 28), with their power's own unread
counts; an observer reads none. The press tests are in
games/tests/web/test_it_*press*.py.

One module a subject: who is looking (viewers), records (records), phases and
orders (phases), members (members), press (press), votes (votes). Everything
is read through this package, as ``access.access_game(...)``.
"""

from games.access.members import (
    access_absences,
    access_failing_addresses,
    access_invitation_requests,
    access_log,
    access_own_absences,
    access_seats,
    own_absences,
)
from games.access.phases import (
    BOARD,
    Turn,
    access_open_phase,
    access_order_sheets,
    access_own_orders,
    access_own_orders_ahead,
    access_phase,
    access_phase_or_none,
    access_readiness,
    access_turn,
    games_with_latest_phase,
    latest_phase,
    newest_phase,
    newest_phase_with_sheet,
    order_sheet,
    phase_at,
    phases_without_board,
    with_game,
)
from games.access.press import (
    PressLine,
    access_press,
    access_press_message,
    access_press_page,
    access_press_powers,
    access_press_signatures,
    access_press_since,
    first_press_page,
    own_recipient_row,
    press_line,
    press_messages,
    readable_press,
    recipients_label,
    require_press,
    true_sender,
    with_correspondent,
)
from games.access.records import (
    PublicCentres,
    access_centre_history,
    access_current_knowledge,
    access_current_record,
    access_history,
    access_history_at,
    access_public_centres,
    access_recent_knowledge,
    access_record_at,
    access_record_of_phase,
    access_records,
    access_replay_steps,
    centre_counts,
    record_key,
    replay_open,
    require_replay,
    unfogged,
    year_of,
)
from games.access.viewers import (
    SEAT_ORDER,
    Role,
    Viewer,
    access_game,
    access_game_as_master,
    access_game_to_watch,
    access_loaded_game,
    current_seat,
    game_and_seat,
    game_by_id,
    game_or_404,
    games_of,
    may_watch,
    membership,
    playing_seats,
    role_and_seat,
    role_of,
    signed_in,
    viewer_from,
    viewer_of,
    viewer_or_404,
)
from games.access.votes import (
    VoteView,
    access_ballots,
    access_proposal_of_ballots,
    access_vote,
    open_and_last_decided,
    open_then_decided,
)

__all__ = [
    "BOARD",
    "SEAT_ORDER",
    "PressLine",
    "PublicCentres",
    "Role",
    "Turn",
    "Viewer",
    "VoteView",
    "access_absences",
    "access_ballots",
    "access_centre_history",
    "access_current_knowledge",
    "access_current_record",
    "access_failing_addresses",
    "access_game",
    "access_game_as_master",
    "access_game_to_watch",
    "access_history",
    "access_history_at",
    "access_invitation_requests",
    "access_loaded_game",
    "access_log",
    "access_open_phase",
    "access_order_sheets",
    "access_own_absences",
    "access_own_orders",
    "access_own_orders_ahead",
    "access_phase",
    "access_phase_or_none",
    "access_press",
    "access_press_message",
    "access_press_page",
    "access_press_powers",
    "access_press_signatures",
    "access_press_since",
    "access_proposal_of_ballots",
    "access_public_centres",
    "access_readiness",
    "access_recent_knowledge",
    "access_record_at",
    "access_record_of_phase",
    "access_records",
    "access_replay_steps",
    "access_seats",
    "access_turn",
    "access_vote",
    "centre_counts",
    "current_seat",
    "first_press_page",
    "game_and_seat",
    "game_by_id",
    "game_or_404",
    "games_of",
    "games_with_latest_phase",
    "latest_phase",
    "may_watch",
    "membership",
    "newest_phase",
    "newest_phase_with_sheet",
    "open_and_last_decided",
    "open_then_decided",
    "order_sheet",
    "own_absences",
    "own_recipient_row",
    "phase_at",
    "phases_without_board",
    "playing_seats",
    "press_line",
    "press_messages",
    "readable_press",
    "recipients_label",
    "record_key",
    "replay_open",
    "require_press",
    "require_replay",
    "role_and_seat",
    "role_of",
    "signed_in",
    "true_sender",
    "unfogged",
    "viewer_from",
    "viewer_of",
    "viewer_or_404",
    "with_correspondent",
    "with_game",
    "year_of",
]
