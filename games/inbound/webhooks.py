"""anymail's inbound webhooks: the provider posts a received email, anymail
checks the provider's signature (or the basic-auth secret) before this
receiver ever runs, and the message goes to the one handler.

Point the provider's inbound route at ``/anymail/<provider>/inbound/``.
"""

from __future__ import annotations

import logging
from typing import Any

from anymail.signals import inbound
from django.dispatch import receiver

from games.inbound.handler import Unreadable, handle_message

logger = logging.getLogger(__name__)


@receiver(inbound)
def on_inbound_email(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    message = event.message
    recipients = (message.envelope_recipient,) if message.envelope_recipient else ()
    try:
        handle_message(message.as_bytes(), f"webhook: {esp_name}", recipients)
    except Unreadable as error:
        # Answering the provider with an error would only make it retry the same bytes.
        logger.warning("inbound webhook from %s: not an email (%s)", esp_name, error)
