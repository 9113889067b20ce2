"""Compare two dumps of what viewers receive (bench/receipts_dump.py and
bench/emails_dump.py), made from two trees: ``python bench/compare_dumps.py BEFORE AFTER``.

Emails are compared byte for byte. A viewer's whole receipts (``*-received.txt``)
are compared as a collection of items (each ``== what`` block with its bytes):
the walk visits the site's URLs in the order its URL patterns are listed, so a
change that moves a pattern moves its page in the file without changing it. A
control world read only up to its first difference (``*-receipts.txt``) is
reported apart: where the walk's order changes, it stops at another page.

Prints a line a part and exits 1 if any whole receipt or email differs.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path


def items(path: Path) -> Counter[bytes]:
    return Counter(path.read_bytes().split(b"\n== "))


def same(old: Path, new: Path, as_items: bool) -> bool:
    return items(old) == items(new) if as_items else old.read_bytes() == new.read_bytes()


def compare(before: Path, after: Path, pattern: str, as_items: bool) -> tuple[int, list[str]]:
    """(files compared, names of those that differ or are missing on one side)."""
    names = {p.relative_to(before) for p in before.rglob(pattern)}
    names |= {p.relative_to(after) for p in after.rglob(pattern)}
    differ = []
    for name in sorted(names):
        old, new = before / name, after / name
        if not (old.is_file() and new.is_file()):
            differ.append(f"{name} (only {'before' if old.is_file() else 'after'})")
        elif not same(old, new, as_items):
            differ.append(str(name))
    return len(names), differ


def main(before: Path, after: Path) -> int:
    parts = {
        "emails, byte for byte": compare(before / "emails", after / "emails", "*.*", False),
        "whole receipts, page by page": compare(
            before / "receipts", after / "receipts", "*-received.txt", True
        ),
        "control worlds read to a difference": compare(
            before / "receipts", after / "receipts", "*-receipts.txt", True
        ),
    }
    for part, (count, differ) in parts.items():
        print(f"{part}: {count} compared, {len(differ)} differ")
        for name in differ[:10]:
            print(f"  {name}")
    failed = parts["emails, byte for byte"][1] or parts["whole receipts, page by page"][1]
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(f"usage: {sys.argv[0]} BEFORE AFTER")
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
