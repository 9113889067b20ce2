"""The dice stream: committed by a hash, revealed at the end, the same every time."""

from __future__ import annotations

import hashlib
import hmac
import shutil
import subprocess
from collections import Counter

import pytest

from adjudication.battle.dice import (
    AS_BYTES,
    AS_PRINTED,
    DiceStream,
    bytes_commitment,
    commitment,
    how_committed,
    new_seed,
    rolls,
    verify,
)

SEED = "00" * 32


def test_it_commits_to_the_sha256_of_the_seed_as_printed():
    assert commitment(SEED) == hashlib.sha256(SEED.encode()).hexdigest()
    assert how_committed(SEED, commitment(SEED)) == AS_PRINTED
    assert verify(SEED, commitment(SEED))
    assert not verify("01" * 32, commitment(SEED))


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="needs sha256sum")
def test_echo_n_seed_into_sha256sum_gives_the_commitment():
    seed = new_seed()
    shell = subprocess.run(
        ["sh", "-c", f"echo -n {seed} | sha256sum"], capture_output=True, text=True, check=True
    )
    assert shell.stdout.split()[0] == commitment(seed)


def test_battles_committed_to_the_seeds_bytes_still_verify():
    """Battles created before the commitment was the printed seed's hash."""
    old = hashlib.sha256(bytes(32)).hexdigest()
    assert bytes_commitment(SEED) == old
    assert how_committed(SEED, old) == AS_BYTES and verify(SEED, old)
    assert how_committed("01" * 32, old) is None


def test_a_seed_that_is_not_hex_is_refused():
    with pytest.raises(ValueError, match="not hexadecimal"):
        commitment("not a seed")


def test_it_draws_dice_as_documented():
    """Block 0 is HMAC-SHA256(seed, 0); bytes under 252 give 1 + byte mod 6."""
    block = hmac.new(bytes(32), (0).to_bytes(8, "big"), hashlib.sha256).digest()
    expected = [1 + b % 6 for b in block if b < 252][:10]
    assert list(rolls(SEED, 0, 10)) == expected


def test_it_gives_the_same_rolls_for_the_same_seed():
    seed = new_seed()
    assert rolls(seed, 0, 50) == rolls(seed, 0, 50)
    assert rolls(seed, 0, 50) != rolls(new_seed(), 0, 50)


def test_it_continues_the_stream_where_it_left_off():
    first, after = DiceStream(SEED).take(7)
    second, _ = after.take(40)
    assert first + second == rolls(SEED, 0, 47)


def test_it_rolls_every_face_about_equally():
    counts = Counter(rolls(SEED, 0, 6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())
