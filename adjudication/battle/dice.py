"""Dice players can trust: a seeded stream, committed before the battle.

At the start the server shows the **commitment**, the SHA-256 hash of the
seed as printed: its 64 characters, lower-case hex, nothing else (so
``echo -n SEED | sha256sum`` gives it). At the end it reveals the seed; anyone
can check the hash and replay every roll. Battles created before that rule
were committed to the SHA-256 of the seed's 32 bytes instead
(``echo -n SEED | xxd -r -p | sha256sum``); `how_committed` tells which.

The stream: block ``n`` is HMAC-SHA256(key = the seed's bytes, message = ``n``
as 8 big-endian bytes), for n = 0, 1, 2, ... Read the blocks' bytes in order;
a byte below 252 gives the die 1 + byte mod 6, a byte of 252 or more is
skipped (252 is the largest multiple of 6 under 256, so each face is equally
likely). Roll number ``k`` of the battle is the k-th die so read.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

FAIR_LIMIT = 252  # 42 * 6
SEED_BYTES = 32


def new_seed() -> str:
    """A fresh secret seed (64 hex digits), from the operating system's generator."""
    return secrets.token_hex(SEED_BYTES)


AS_PRINTED = "as printed"
AS_BYTES = "as bytes"  # battles created before the commitment was the printed seed's hash

# The worked example on the rules page and in the start email (a seed no battle uses).
EXAMPLE_SEED = "0123456789abcdef" * 4

HOW_TO_CHECK = {
    AS_PRINTED: "the SHA-256 of the seed as printed: echo -n SEED | sha256sum",
    AS_BYTES: "the SHA-256 of the seed's 32 bytes: echo -n SEED | xxd -r -p | sha256sum",
}


def commitment(seed: str) -> str:
    """What is shown before the battle: the SHA-256 hash of the seed's text, in hex."""
    seed_bytes(seed)  # a seed that is not hex is refused here too
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def bytes_commitment(seed: str) -> str:
    """The commitment of battles created before it was the printed seed's hash."""
    return hashlib.sha256(seed_bytes(seed)).hexdigest()


def how_committed(seed: str, shown: str) -> str | None:
    """`AS_PRINTED` or `AS_BYTES`: how ``shown`` was made from ``seed``; None if it was not."""
    if hmac.compare_digest(commitment(seed), shown.lower()):
        return AS_PRINTED
    if hmac.compare_digest(bytes_commitment(seed), shown.lower()):
        return AS_BYTES
    return None


def verify(seed: str, shown: str) -> bool:
    """Whether a revealed seed matches the commitment shown at the start (either way)."""
    return how_committed(seed, shown) is not None


def seed_bytes(seed: str) -> bytes:
    try:
        return bytes.fromhex(seed)
    except ValueError:
        raise ValueError(f"the seed {seed!r} is not hexadecimal") from None


def rolls(seed: str, start: int, count: int) -> tuple[int, ...]:
    """Rolls number ``start`` to ``start + count - 1`` of the stream."""
    key = seed_bytes(seed)
    found: list[int] = []
    index = 0
    block = 0
    while len(found) < count:
        digest = hmac.new(key, block.to_bytes(8, "big"), hashlib.sha256).digest()
        for byte in digest:
            if byte >= FAIR_LIMIT:
                continue
            if index >= start:
                found.append(1 + byte % 6)
                if len(found) == count:
                    break
            index += 1
        block += 1
    return tuple(found)


@dataclass(frozen=True)
class DiceStream:
    """A position in the stream of one seed: `take` returns the rolls and the stream after them."""

    seed: str
    position: int = 0

    def peek(self, count: int) -> tuple[int, ...]:
        return rolls(self.seed, self.position, count)

    def advance(self, count: int) -> DiceStream:
        return DiceStream(self.seed, self.position + count)

    def take(self, count: int) -> tuple[tuple[int, ...], DiceStream]:
        return self.peek(count), self.advance(count)
