"""Replies shaped like the mail clients that showed the gaps of "play from the
inbox, round two": the files under tests/data/mail/round_two/, with the
sender, the reply address and the message answered filled in."""

from __future__ import annotations

from pathlib import Path

from postoffice.inbound.handler import Handled, handle_message

ROUND_TWO = Path(__file__).resolve().parents[3] / "tests" / "data" / "mail" / "round_two"


def client_mail(name: str, sender: str, reply_address: str, answered: str = "") -> bytes:
    """``answered`` is the Message-ID (without <>) of the email replied to."""
    raw = (ROUND_TWO / name).read_bytes()
    for placeholder, value in (
        (b"SENDER_ADDRESS", sender),
        (b"REPLY_ADDRESS", reply_address),
        (b"ANSWERED_ID", answered or "start-token@localhost"),
    ):
        raw = raw.replace(placeholder, value.encode())
    return raw


def send_client_mail(name: str, sender: str, reply_address: str, answered: str = "") -> Handled:
    return handle_message(client_mail(name, sender, reply_address, answered), "pipe")
