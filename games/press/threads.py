"""Which conversation ("thread") a message sits in, as one power sees it
(docs/web.md, "Press threads"; ruling 28).

A thread is named by what its reader sees of a message, never by its true
sender: the signature, the recipient list, and whether it went to everyone.

* what a power sent sits with the powers it sent it to (its own signature,
  true or false, does not move it);
* what it received sits with every power the message names, signature and
  recipients, but itself;
* a message unsigned, or signed with the reader's own name by somebody else,
  sits in the one ANONYMOUS thread: nothing ties it to a power, so no reply
  can reach its writer;
* the game master's press sits in the GAME_MASTER thread;
* a message to everyone sits in the EVERYONE thread.

The key is stored on each recipient row (and on the message for its sender)
when the message is sent, so listing threads and counting unread messages
are aggregate queries, whatever the length of the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.press.models import ANONYMOUS, EVERYONE, GAME_MASTER_SIGNATURE

GAME_MASTER = GAME_MASTER_SIGNATURE
# Threads nobody can reply in: the writer is unknown, or not a power.
NO_REPLY = frozenset({ANONYMOUS, GAME_MASTER})
SEPARATOR = ","


def sent_thread(broadcast: bool, sender: str, recipients: Iterable[str]) -> str:
    """The thread of a message in its sender's own press."""
    if broadcast:
        return EVERYONE
    return join(power for power in recipients if power != sender)


def received_thread(broadcast: bool, shown_as: str, reader: str, recipients: Iterable[str]) -> str:
    """The thread of a message in the press of ``reader``, who did not write it."""
    if shown_as == GAME_MASTER:
        return GAME_MASTER
    if shown_as in (ANONYMOUS, reader):
        return ANONYMOUS
    if broadcast:
        return EVERYONE
    return join(power for power in {shown_as, *recipients} if power != reader)


def join(powers: Iterable[str]) -> str:
    return SEPARATOR.join(sorted(set(powers)))


def powers_of(thread: str) -> list[str]:
    """The powers a reply in ``thread`` goes to: none for the threads nobody
    can answer, EVERYONE for the thread to everyone."""
    if thread in NO_REPLY or not thread:
        return []
    return thread.split(SEPARATOR)


def thread_label(thread: str) -> str:
    labels = {ANONYMOUS: "Anonymous", GAME_MASTER: "Game master", EVERYONE: "Everyone"}
    if thread in labels:
        return labels[thread]
    return ", ".join(power.title() for power in powers_of(thread))
