"""A reply to a press email goes back into that conversation.

The press email's Message-ID names its outbox row; a reply names it in
In-Reply-To or References. Its orders and commands are read as orders and
commands (a reply that begins "A MUN - RUH", "READY" plays them); the rest
of its lines, the talk, is press to the power the message was signed by,
signed with the writer's own power (the web's default), under the game's
press rule. An unsigned message has no conversation to go back to: the
answer says to write PRESS TO instead.
"""

from __future__ import annotations

from collections.abc import Callable

from games.press.models import ANONYMOUS, GAME_MASTER_SIGNATURE, PressMessage
from games.replies.addresses import Addressee
from postoffice.inbound.commands import Command, Reading
from postoffice.inbound.reading import Letter
from postoffice.models import OutboxMessage

NO_POWER = "the message you answered has no power to reply to: write PRESS TO"


def answered_press(addressee: Addressee, letter: Letter) -> PressMessage | None:
    """The press message whose email this letter replies to, if it was sent to this power."""
    tokens = [ref.strip("<>").split("@", 1)[0] for ref in letter.references]
    rows = OutboxMessage.objects.filter(
        token__in=tokens,
        kind=OutboxMessage.Kind.PRESS,
        game=addressee.game,
        power=addressee.power,
    )
    row = rows.first()
    if row is None or not addressee.power:
        return None
    return PressMessage.objects.filter(game=addressee.game, token=row.context.get("press")).first()


def with_press_reply(
    addressee: Addressee, message: PressMessage, reading: Reading, is_order: Callable[[str], bool]
) -> Reading:
    """The reading with its talk gathered into one PRESS back to the sender
    of ``message``, where the talk began; orders and commands stay as they were."""
    talking = [is_talk(command, is_order) for command in reading.commands]
    if not any(talking):
        return reading
    pairs = list(zip(reading.commands, talking, strict=True))
    talk = "\n".join(command.text for command, said in pairs if said)
    kept = [command for command, said in pairs if not said]
    at = talking.index(True)
    return Reading([*kept[:at], reply_command(addressee, message, talk), *kept[at:]])


def is_talk(command: Command, is_order: Callable[[str], bool]) -> bool:
    """A line that is no order and no well-formed command ("Leave it to me"
    reads as a broken LEAVE GAME: in a reply to press it is talk)."""
    if command.word == "ORDER":
        return not is_order(command.text)
    return bool(command.error) and command.word != "PRESS"


def reply_command(addressee: Addressee, message: PressMessage, text: str) -> Command:
    if message.shown_as in (ANONYMOUS, GAME_MASTER_SIGNATURE, addressee.power):
        error = f"{NO_POWER} and the powers, the message, then END"
        return Command("PRESS", text, error=error)
    return Command("PRESS", text, powers=(message.shown_as,), body=text)
