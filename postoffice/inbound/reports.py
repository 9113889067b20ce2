"""What a delivery report (RFC 3464) says failed for good.

A report's message/delivery-status part holds one block per recipient: its
Final-Recipient, an Action and a Status. Only "failed" with a permanent
status (5.x.x) names an address that will not work when tried again; a
delay (4.x.x) is the sending server's to retry, and flags nothing.
"""

from __future__ import annotations

from email.message import EmailMessage, Message

from postoffice.inbound.shape import printable

MAX_BLOCKS = 20  # a report names a handful of recipients; more is not a report


def failed_recipients(message: EmailMessage) -> tuple[tuple[str, str], ...]:
    """(address, status) for each recipient the report says failed for good."""
    if message.get_content_type() != "multipart/report":
        return ()
    failed = []
    for block in status_blocks(message)[:MAX_BLOCKS]:
        address, status = final_address(block), str(block.get("Status", "")).strip()
        if address and action_of(block) == "failed" and status.startswith("5."):
            failed.append((address, status[:20]))
    return tuple(failed)


def action_of(block: Message) -> str:
    return str(block.get("Action", "")).strip().lower()


def status_blocks(message: EmailMessage) -> list[Message]:
    for part in message.iter_parts():
        if part.get_content_type() == "message/delivery-status":
            payload = part.get_payload()
            return [block for block in payload if isinstance(block, Message)]
    return []


def final_address(block: Message) -> str:
    """``rfc822;ann@example.org``: the address, in lower case ("" for another type)."""
    kind, _, address = str(block.get("Final-Recipient", "")).partition(";")
    if kind.strip().lower() != "rfc822":
        return ""
    return printable(address.strip().strip("<>")).lower()
