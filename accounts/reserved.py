"""Account names the site keeps for accounts of its own, which nobody signs in
to: the caretaker's (games/actions/caretakers.py) and a practice game's game
master. Sign-up refuses them (accounts/forms.py), so a person can never hold
the name the site is about to give one of its own."""

from __future__ import annotations

CARETAKER_PREFIX = "caretaker"
PRACTICE_PREFIX = "practice"
RESERVED_PREFIXES = (f"{CARETAKER_PREFIX}-", f"{PRACTICE_PREFIX}-")


def is_reserved(username: str) -> bool:
    return username.casefold().startswith(RESERVED_PREFIXES)
