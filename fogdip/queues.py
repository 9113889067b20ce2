"""Which Celery queue each task runs on, so no kind of work waits behind another.

Adjudication and sending have queues of their own: a burst of results email
never sits in front of the next deadline's adjudication. A worker started
with ``-Q`` on every queue polls them in sorted order (the broker's
``queue_order_strategy``, fogdip/settings.py), so "adjudication" always comes
before "mail", and "mail" before "passes", the caretaker's: anyone may start
practice games, each a caretaker's pass for six seats a phase, and however
many there are they wait behind every deadline and every email (and each
sweep plays at most CARETAKER_PASSES_PER_SWEEP seats, api/caretaking.py). A
site that wants dedicated workers starts one per queue. Map
pictures are drawn lazily by the send task or the web page that first asks
(games.maps_adapter); only a finished game's animations, which nobody waits
for, are drawn on a queue of their own. Tests give each process a
prefix, so its worker never takes another's tasks.

The queues are declared (CELERY_TASK_QUEUES), so a plain
``celery -A fogdip worker``, as Celery's documentation starts one, consumes
every one of them; ``-Q`` still chooses a subset. Undeclared, such a worker
would consume only Celery's default queue "celery", where no task goes.
"""

from __future__ import annotations

from kombu import Queue

ADJUDICATION = "adjudication"
MAIL = "mail"
# The caretaker's passes (api.tasks.care_for_seats): after mail in the sorted
# order, before pictures. A caretaker has until the deadline to order.
PASSES = "passes"
# Work nobody waits on (a finished game's animations, drawn at length; the
# daily clearing of expired sessions): last in the sorted order, taken only
# when no deadline and no email waits.
PICTURES = "pictures"
QUEUES = (ADJUDICATION, MAIL, PASSES, PICTURES)

TASK_QUEUES = {
    "games.tasks.sweep_deadlines": ADJUDICATION,
    "games.tasks.adjudicate_phase_task": ADJUDICATION,
    "battles.tasks.sweep_turns": ADJUDICATION,
    "api.tasks.care_for_seats": PASSES,
    "postoffice.tasks.sweep_outbox": MAIL,
    "postoffice.tasks.send_message": MAIL,
    "postoffice.tasks.send_messages": MAIL,
    "postoffice.tasks.handle_received_mail": MAIL,
    "postoffice.tasks.sweep_received_mail": MAIL,
    "accounts.tasks.send_confirmation": MAIL,
    "accounts.tasks.send_address_change_links": MAIL,
    "accounts.tasks.send_notice": MAIL,
    "games.tasks.draw_animations": PICTURES,
    "accounts.tasks.clear_expired_sessions": PICTURES,
}


def queue_names(prefix: str = "") -> list[str]:
    return [prefix + queue for queue in QUEUES]


def declared_queues(prefix: str = "") -> list[Queue]:
    return [Queue(name, routing_key=name) for name in queue_names(prefix)]


def task_routes(prefix: str = "") -> dict[str, dict[str, str]]:
    return {task: {"queue": prefix + queue} for task, queue in TASK_QUEUES.items()}
