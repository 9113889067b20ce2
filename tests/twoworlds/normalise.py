"""What differs between two worlds without telling the viewer anything:
row ids, random tokens and per-response nonces. Everything else is compared
as it is; the same clock runs both worlds, so no date is touched.

The viewer's own API tokens are numbered from its first: the gap between
two of them is what a counter shared with other people would show (on
PostgreSQL a sequence is not rolled back with a world, so only the gap is
the same in two worlds).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from api.models import ApiToken
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
    # A press message's id in the API (its random token, games/press/models.py).
    (re.compile(r'("id": ")[\w-]{16}(")'), r"\1PRESS\2"),
    # The start of an API token's secret, on the settings page and in the API: random.
    (re.compile(r"\bfogdip_[\w-]{5}(?=…)"), "fogdip_PREFIX"),
    (re.compile(r'("prefix": ")fogdip_[\w-]{5}(")'), r"\1fogdip_PREFIX\2"),
]


@dataclass(frozen=True)
class Normaliser:
    replacements: tuple[tuple[str, str], ...]
    user: Any = None

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
        return cls(tuple(pairs + token_pairs(user)), user)

    def __call__(self, text: str) -> str:
        for old, new in self.replacements:
            text = text.replace(old, new)
        if '"token_id": ' in text:  # the API's list of tokens, made after the pages
            for old, new in token_ids(self.user):
                text = text.replace(old, new)
        for pattern, new in RANDOM:
            text = pattern.sub(new, text)
        return text


def token_pairs(user: Any) -> list[tuple[str, str]]:
    """Each of the viewer's tokens named by its distance from the first."""
    tokens = list(ApiToken.objects.filter(user=user).order_by("pk").values_list("pk", flat=True))
    return [
        (f"/accounts/tokens/{pk}/", f"/accounts/tokens/FIRST+{pk - tokens[0]}/") for pk in tokens
    ]


def token_ids(user: Any) -> list[tuple[str, str]]:
    """The same numbering for the ids the API lists, read when the list is,
    as the program's own token is made after the pages are walked."""
    tokens = list(ApiToken.objects.filter(user=user).order_by("pk").values_list("pk", flat=True))
    return [(f'"token_id": {pk},', f'"token_id": FIRST+{pk - tokens[0]},') for pk in tokens]


Normalise = Callable[[str], str]
