"""Replies shaped like the mail clients that showed the gaps of "play from the
inbox, round two": the files under tests/data/mail/round_two/, with the
sender, the reply address and the message answered filled in."""

from __future__ import annotations

from pathlib import Path

from postoffice.inbound.handler import Handled, handle_message

ROUND_TWO = Path(__file__).resolve().parents[3] / "tests" / "data" / "mail" / "round_two"
ROUND_THREE = ROUND_TWO.parent / "round_three"


def client_mail(
    name: str, sender: str, reply_address: str, answered: str = "", folder: Path = ROUND_TWO
) -> bytes:
    """``answered`` is the Message-ID (without <>) of the email replied to."""
    raw = (folder / name).read_bytes()
    for placeholder, value in (
        (b"SENDER_ADDRESS", sender),
        (b"REPLY_ADDRESS", reply_address),
        (b"ANSWERED_ID", answered or "start-token@localhost"),
    ):
        raw = raw.replace(placeholder, value.encode())
    return raw


def send_client_mail(
    name: str, sender: str, reply_address: str, answered: str = "", folder: Path = ROUND_TWO
) -> Handled:
    return handle_message(client_mail(name, sender, reply_address, answered, folder), "pipe")


def send_round_three(name: str, sender: str, reply_address: str, answered: str = "") -> Handled:
    """A reply shaped like the client that showed a finding of round three."""
    return send_client_mail(name, sender, reply_address, answered, ROUND_THREE)
