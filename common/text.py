"""Text the site can keep: no NUL and no lone surrogate, on every road in.

PostgreSQL refuses a NUL in a text column (a DataError, so a 500), and a lone
surrogate ("\\ud800", which JSON may carry) is no Unicode character: it
cannot be written as UTF-8, to the database or to an answer. Both are refused
at the edge, with the field named: by the web forms (``refuse_unstorable``,
a Django validator), by the API's request shapes (api/schemas.py) and by the
actions that store text from any road (``require_storable``). The mail road
strips them instead (postoffice/inbound/shape.py), since a stranger's message
is recorded, never refused for its bytes.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError

from common.errors import ActionError

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
NUL = "contains a NUL character, which is not allowed"
SURROGATE = "contains a lone surrogate (half of a character), which is not allowed"


def unstorable(text: str) -> str:
    """Why ``text`` cannot be kept, or "" when it can."""
    found = UNSTORABLE.search(text)
    if found is None:
        return ""
    return NUL if found.group() == "\x00" else SURROGATE


def without_unstorable(text: str) -> str:
    """The text with every NUL and lone surrogate left out."""
    return UNSTORABLE.sub("", text)


def refuse_unstorable(value: object) -> None:
    """A form field's validator: the field's error says what is wrong."""
    if isinstance(value, str) and (why := unstorable(value)):
        raise ValidationError(f"This field {why}.", code="unstorable")


def require_storable(field: str, *texts: str) -> None:
    """For an action: ActionError naming ``field`` if any text cannot be kept."""
    for text in texts:
        if why := unstorable(text):
            raise ActionError(f"{field} {why}.")
