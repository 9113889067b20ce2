"""A reply to a battle's email: the side's activation in the notation, or a command.

Every line that is not a command is a line of the activation (one token's
action, `adjudication.battle.notation`); together they are the side's whole
activation, sent exactly as the web form sends it
(`submit_activation(..., via="email")`), so it goes whole or not at all: a
line that cannot be read is answered with its number and the word, the
other lines are quoted back, and nothing is sent. The game master's lines
are commands only (PROCESS, EXTEND, PAUSE, RESUME, END BATTLE). A side's
name may be of several words ("Red Army"): PRESS TO and CONCEDE read it
longest first, or in double quotes, in any case. The answer is an outbox
row (kind ``battle_answer``) written in the transaction that carried out the
lines; it is made from what the writer typed and their own side's view.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from adjudication.battle.notation import format_action, parse_line
from battles import access, actions, shares
from battles.access import BattleViewer
from battles.actions.base import battle_log
from battles.actions.end import ENDED
from battles.actions.press import send_battle_message
from battles.addresses import BattleAddressee
from battles.emails.notify import queue_one, recipient_for
from battles.models import GAME_MASTER_SIDE
from common.errors import ActionError
from postoffice.inbound.answering import answer_subject
from postoffice.inbound.commands import END_BATTLE, Command, Reading, read_commands
from postoffice.inbound.models import InboundMessage
from postoffice.inbound.reading import Letter
from postoffice.inbound.said import Outcome, Said
from postoffice.models import OutboxMessage

ACTIVATION_LINE = "ORDER"  # read_commands' word for a line that is no command
NOTHING_SENT = (
    "Nothing was sent: the activation goes whole. Correct the lines marked NOT DONE "
    "and send the whole activation again."
)


def answer_battle_letter(
    addressee: BattleAddressee, letter: Letter, inbound: InboundMessage, road: str = ""
) -> str:
    """Carry out the letter's lines, queue the answer, log it; the summary for the log."""
    viewer = access.access_battle(addressee.user, addressee.battle.pk, addressee.side or None)
    mine = own_tokens(viewer)
    names, named = press_names(viewer), what_press_names(viewer)
    reading = read_commands(letter.text, names, partial(is_token, mine), named=named)
    outcome = run_battle_lines(viewer, reading)
    summary = describe(viewer, outcome.words)
    InboundMessage.objects.filter(pk=inbound.pk).update(summary=summary)
    context = {
        "subject": answer_subject(letter, viewer.battle.name),
        "said": [line.as_json() for line in outcome.said],
        "help": "HELP" in outcome.words or not outcome.said,
        "show_record": "STATUS" in outcome.words,
        "in_reply_to": letter.message_id,
    }
    recipient = recipient_for(viewer.battle, viewer.user, viewer.side)
    event = f"answer-{inbound.key}"
    queue_one(OutboxMessage.Kind.BATTLE_ANSWER, viewer.battle, event, recipient, context)
    battle_log(viewer.battle, viewer.user, "email", summary)
    return summary


def own_tokens(viewer: BattleViewer) -> set[str]:
    record = access.access_record(viewer)
    if record is None or viewer.is_game_master:
        return set()
    return {t.id.lower() for t in record.tokens if t.side == viewer.side}


def is_token(mine: set[str], word: str) -> bool:
    """Whether a closing line may be part of the activation (it names one of the side's tokens)."""
    return word.lower() in mine


def describe(viewer: BattleViewer, words: set[str]) -> str:
    who = "The game master" if viewer.is_game_master else viewer.side
    return f"{who} by email: {', '.join(sorted(words)) or 'nothing to do'}"


def run_battle_lines(viewer: BattleViewer, reading: Reading) -> Outcome:
    """The activation's lines first, as one; the answer follows the letter line by line."""
    outcome = Outcome()
    lines = [c for c in reading.commands if c.word == ACTIVATION_LINE]
    said = run_activation(viewer, lines) if lines and not viewer.is_game_master else []
    verdict = said.pop() if said else None
    if verdict is not None and not verdict.error:
        outcome.words.add("ACTIVATION")
    for command in reading.commands:
        if command.word == ACTIVATION_LINE and said:
            outcome.said.append(said.pop(0))
        else:
            run_command(viewer, command, outcome)
    if verdict is not None:
        outcome.said.append(verdict)
    return outcome


def run_activation(viewer: BattleViewer, lines: list[Command]) -> list[Said]:
    """One Said a line, then the verdict (a Said with no text)."""
    text = "\n".join(line.text for line in lines)
    try:
        require_own_turn(viewer)
        turn = actions.submit_activation(viewer.battle, viewer.user, text, via="email")
    except actions.ActivationErrors as refused:
        errors = {error.line: str(error) for error in refused.errors}
        said = [Said(c.text, read_back(c.text), errors.get(n, "")) for n, c in enumerate(lines, 1)]
        return [*said, Said("", error=NOTHING_SENT)]
    except ActionError as error:
        return [*(Said(c.text, read_back(c.text)) for c in lines), Said("", error=str(error))]
    done = shares.played_words(turn, ": your results come in their own email")
    return [*(Said(c.text, read_back(c.text)) for c in lines), Said("", done)]


def require_own_turn(viewer: BattleViewer) -> None:
    turn = access.access_open_turn(viewer)
    if turn is None or turn.side != viewer.side:
        raise ActionError(f"It is not {viewer.side}'s turn now: an email comes when it is.")


def read_back(text: str) -> str:
    """The line as it was read, in the notation's own words."""
    words = text.split()
    try:
        action = parse_line(words)
    except ValueError:
        return "(not read)"
    return format_action(action) if action is not None else f"{words[0]} holds"


def run_command(viewer: BattleViewer, command: Command, outcome: Outcome) -> None:
    handlers = GAME_MASTER_COMMANDS if viewer.is_game_master else SIDE_COMMANDS
    handler = handlers.get(command.word)
    if handler is None:
        outcome.failed(command, not_in_battles(viewer, command))
    elif command.error and command.word not in NAMES_THEIR_OWN:
        outcome.failed(command, command.error)
    else:
        try:
            outcome.done(command, handler(viewer, command))
        except ActionError as error:
            outcome.failed(command, str(error))


# A CONCEDE the reader could not read ("name one power") is answered by the
# battle's own check, which names the writer's side in the words to write.
NAMES_THEIR_OWN = {"CONCEDE"}


def not_in_battles(viewer: BattleViewer, command: Command) -> str:
    if command.word == ACTIVATION_LINE:
        return "the game master sends no activation: a side's player does"
    word = command.text.split()[0] if command.text.split() else command.word
    return f'could not use "{word}" in a battle (write HELP for what works)'


def noted(text: str) -> Callable[[BattleViewer, Command], str]:
    return lambda viewer, command: text


def process(viewer: BattleViewer, command: Command) -> str:
    turn = actions.process_turn_now(viewer.battle, viewer.user)
    return f"Turn {turn.number} ({turn.side}) is played with what was sent."


def extend(viewer: BattleViewer, command: Command) -> str:
    assert command.extend_by is not None
    turn = actions.extend_turn(viewer.battle, viewer.user, command.extend_by)
    return f"The deadline of turn {turn.number} is extended by {command.extend_by}."


def pause(viewer: BattleViewer, command: Command) -> str:
    actions.pause_battle(viewer.battle, viewer.user)
    return "The battle is paused."


def resume(viewer: BattleViewer, command: Command) -> str:
    actions.resume_battle(viewer.battle, viewer.user)
    return "The battle is running again."


def concede(viewer: BattleViewer, command: Command) -> str:
    """``CONCEDE BLUE``: the writer's own side, named, concedes (ruling B28)."""
    named = command.powers[0] if command.powers else ""
    if as_read(named) != as_read(viewer.side):
        raise ActionError(f"Name your own side to concede: CONCEDE {viewer.side.upper()}.")
    actions.concede_battle(viewer.battle, viewer.user, viewer.side)
    return f"{viewer.side} has conceded: the battle is over, and its end comes in its own email."


GAME_MASTER_WORD = "GM"  # PRESS TO GM: a message to the game master


def press_names(viewer: BattleViewer) -> tuple[str, ...]:
    """What PRESS TO may name: the battle's sides (in capitals, as the reader reads) and GM."""
    return (*(as_read(side) for side in viewer.battle.side_names()), GAME_MASTER_WORD)


def as_read(name: str) -> str:
    """A side's name as the reader reads a line: in capitals, one space between words."""
    return " ".join(name.upper().split())


def what_press_names(viewer: BattleViewer) -> str:
    """What PRESS TO names, for the error that names a word that is none of them."""
    return f"a side of this battle ({', '.join(viewer.battle.side_names())}) or {GAME_MASTER_WORD}"


HOW_TO_END = (
    "Write the winner (or NOBODY) and the result after a colon: "
    "END BATTLE BLUE: Red withdrew at dusk."
)


def end_battle(viewer: BattleViewer, command: Command) -> str:
    """``END BATTLE BLUE: Red withdrew at dusk``: the game master's stated result
    (ruling B28), through the action the console calls, with its checks and words."""
    winner = command.powers[0] if command.powers else ""
    try:
        actions.end_battle(viewer.battle, viewer.user, winner, command.body)
    except ActionError as error:
        if command.body:
            raise
        raise ActionError(f"{error} {HOW_TO_END}") from error
    return ENDED


def not_yours_to_end(viewer: BattleViewer, command: Command) -> str:
    raise ActionError(
        f"Only the game master ends a battle with a stated result; your side may "
        f"concede: CONCEDE {viewer.side.upper()}."
    )


def press(viewer: BattleViewer, command: Command) -> str:
    """``PRESS TO BLUE`` (or ``GM``), the message, ``END``: one message to each named."""
    if command.signed:
        raise ActionError("A message in a battle is signed by its side: leave out SIGNED.")
    if command.powers == ("EVERYONE",):
        raise ActionError("Name the sides (or GM) the message is for.")
    by_word = {as_read(side): side for side in viewer.battle.side_names()}
    by_word[GAME_MASTER_WORD] = GAME_MASTER_SIDE
    named = [by_word[word] for word in command.powers]
    for to in named:
        send_battle_message(viewer.battle, viewer.user, viewer.side, to, command.body)
    return "Sent to " + ", ".join(to or "the game master" for to in named) + "."


Handler = Callable[[BattleViewer, Command], Any]
SIDE_COMMANDS: dict[str, Handler] = {
    "ORDERS": noted("Your activation follows."),
    "CONCEDE": concede,
    END_BATTLE: not_yours_to_end,
    "PRESS": press,
    "STATUS": noted("What your side sees, and whose turn it is, are below."),
    "HELP": noted("The notation and the commands are below."),
}
GAME_MASTER_COMMANDS: dict[str, Handler] = {
    "PROCESS": process,
    "EXTEND": extend,
    "PAUSE": pause,
    "RESUME": resume,
    END_BATTLE: end_battle,
    "PRESS": press,
    "STATUS": noted("The whole battle, and whose turn it is, are below."),
    "HELP": noted("The commands are listed below."),
}
