"""What differs between two worlds without telling the viewer anything:
row ids, random tokens and per-response nonces. Everything else is compared
as it is; the same clock runs both worlds, so no date is touched.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from postoffice.models import OutboxMessage

RANDOM = [
    # Django's form token and the CSP nonce change with every response.
    (re.compile(r'(csrfmiddlewaretoken" value=")[^"]+'), r"\1CSRF"),
    (re.compile(r'(nonce=")[^"]+'), r"\1NONCE"),
    # Message-IDs and other row tokens: random hex by design.
    (re.compile(r"\b[0-9a-f]{32}\b"), "TOKEN"),
    # Signed links (Django's signing: value, time, signature) carry the real
    # time of signing, which the frozen clock does not reach.
    (re.compile(r"[\w-]+:[\w-]{6}:[\w-]{43}"), "SIGNED"),
]


@dataclass(frozen=True)
class Normaliser:
    replacements: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, world: Any, user: Any) -> Normaliser:
        """The world's own ids and links, each replaced by a name."""
        game = world.game
        pairs = []
        if game is not None:
            pairs += [
                (f"/games/{game.pk}/", "/games/GAME/"),
                (f"/lobby/{game.pk}/", "/lobby/GAME/"),
                (game.join_token, "JOIN"),
            ]
        pairs += [
            (f"/battles/{pk}/", f"/battles/BATTLE{n}/") for n, pk in enumerate(world.battle_ids)
        ]
        rows = OutboxMessage.objects.filter(user=user).order_by("created", "kind", "id")
        pairs += [
            (f"/preview/{pk}/", f"/preview/MAIL{n}/")
            for n, pk in enumerate(rows.values_list("pk", flat=True))
        ]
        return cls(tuple(pairs))

    def __call__(self, text: str) -> str:
        for old, new in self.replacements:
            text = text.replace(old, new)
        for pattern, new in RANDOM:
            text = pattern.sub(new, text)
        return text


Normalise = Callable[[str], str]
