"""A reply about a Diplomacy game, accepted by the post office: read into
commands, carried out, answered and logged, all in the transaction that
recorded the message (postoffice.inbound.handler.accept)."""

from __future__ import annotations

from functools import partial

from games import gateway
from games.actions import log
from games.replies import answers, conversation
from games.replies.addresses import Addressee
from games.replies.answered import answered_phase
from games.replies.orders import reads_as_an_order, starts_an_order
from games.replies.running import run_commands
from postoffice.inbound.commands import Reading, read_commands
from postoffice.inbound.models import InboundMessage
from postoffice.inbound.reading import Letter
from postoffice.inbound.tolerance import tidy


def answer_game_letter(
    addressee: Addressee, letter: Letter, inbound: InboundMessage, road: str
) -> None:
    answered = answered_phase(addressee, letter)
    outcome = run_commands(addressee, read_game_letter(addressee, letter), answered)
    summary = describe(addressee, outcome.words, road)
    InboundMessage.objects.filter(pk=inbound.pk).update(summary=summary)
    answers.queue_answer(addressee, letter, inbound, outcome)
    log(addressee.game, addressee.user, "email", summary)


def read_game_letter(addressee: Addressee, letter: Letter) -> Reading:
    """The commands of a reply about a game: a reply to press keeps its talk
    as press; then chatty lines are set aside and unknown words named."""
    game_board = gateway.board(addressee.game.preset)
    starts = partial(starts_an_order, game_board)
    is_order = partial(reads_as_an_order, game_board)
    answered = conversation.answered_press(addressee, letter)
    powers = addressee.game.powers
    reading = read_commands(letter.text, powers, starts, is_order, talk=answered is not None)
    if answered is not None:
        reading = conversation.with_press_reply(addressee, answered, reading, is_order)
    return tidy(reading, is_order, starts)


def describe(addressee: Addressee, words: set[str], road: str) -> str:
    who = addressee.power.title() if addressee.power else "The game master"
    done = ", ".join(sorted(words)) or "nothing to do"
    return f"{who} by email ({road}): {done}"
