"""A reply to a press email goes back into that conversation.

The press email's Message-ID names its outbox row; a reply names it in
In-Reply-To or References. When the reply's first line is not a command,
its whole text is press to the power the message was signed by, signed
with the writer's own power (the web's default). An unsigned message has no
conversation to go back to: the answer says to write PRESS TO instead.
"""

from __future__ import annotations

from games.inbound.addresses import Addressee
from games.inbound.commands import Command, Reading
from games.inbound.reading import Letter
from games.mail.models import OutboxMessage
from games.press.models import ANONYMOUS, GAME_MASTER_SIGNATURE, PressMessage

NOT_PRESS = {"ORDER"}


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


def press_reply(addressee: Addressee, letter: Letter, reading: Reading) -> Command | None:
    """The reply as one PRESS command, or None when it is not a plain press reply."""
    first = reading.commands[0] if reading.commands else None
    if first is None or first.word not in NOT_PRESS:
        return None
    message = answered_press(addressee, letter)
    if message is None:
        return None
    text = letter.text.strip()
    if message.shown_as in (ANONYMOUS, GAME_MASTER_SIGNATURE, addressee.power):
        error = "the message you answered has no power to reply to: write PRESS TO"
        return Command("PRESS", text, error=error + " and the powers, the message, then END")
    return Command("PRESS", text, powers=(message.shown_as,), body=text)
