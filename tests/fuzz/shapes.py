"""Hostile shapes, drawn from a seeded random generator: the same seed gives the
same input, so any input the fuzz fails on is named by its seed and made again.

Text values (NUL and control characters, very long lines, huge numbers,
look-alike letters, orders), raw bytes in bad encodings, and whole emails
(deep MIME nesting, many parts, many headers, bad charsets and transfer
encodings). Used by tests/fuzz/roads.py for every road input comes in by.
"""

from __future__ import annotations

import random

CONTROLS = [chr(n) for n in (*range(0, 32), 127, 0x85, 0x2028, 0x2029, 0xFEFF, 0x200D)]
# Letters that look like FRANCE, PAR, A and the like but are not: Cyrillic,
# Greek, fullwidth, mathematical; and text direction overrides.
CONFUSABLES = [
    *("FR\u0410NCE", "\u0415NGLAND", "G\u0395RMANY"),
    *(
        "\uff26\uff32\uff21\uff2e\uff23\uff25",
        "\U0001d400 \U0001d40f\U0001d400\U0001d411 \U0001d407",
        "\u0410 PAR - BUR",
    ),
    *("A \u0420AR H", "\u202eECNARF", "F\u0301RANCE"),
    *("A PAR\u200b - BUR", "\u2131RANCE", "\uff21 \uff30\uff21\uff32 \uff28"),
]
NUMBERS = [
    *("-1", "0", "-0", "1e309", "NaN", "Infinity", "-Infinity", "0x7fffffff", "1_000"),
    *(str(2**63), str(-(2**63) - 1), str(2**64), "9" * 30, "9" * 400, "٣", "²", "1.5e-400"),
]
WORDS = [
    *("A", "F", "PAR", "BUR", "MAR", "BRE", "LON", "NTH", "MUN", "KIE", "STP/NC", "SPA/SC"),
    *("-", "->", "S", "C", "H", "R", "B", "D", "VIA", "CONVOY", "WAIVE", "BUILD", "DISBAND"),
    *("FRANCE", "GERMANY", "ENGLAND", "ALL", "OBSERVER", "Red", "Blue", "EVERYONE", "END"),
]
COMMANDS = [
    *("ORDERS", "READY", "NOT READY", "STATUS", "MAP", "HELP", "LIST", "SUMMARY", "DRAW"),
    *("VOTE YES", "VOTE NO", "PROCESS", "PAUSE", "RESUME", "EXTEND 24 HOURS", "LEAVE"),
    *("PRESS TO GERMANY", "PRESS TO EVERYONE SIGNED AS ENGLAND", "BROADCAST", "END"),
    *("GET MAP 99999999999999999999", "HISTORY -1", "SET PRESS ON", "SET TEXT OFF"),
    *("CONCEDE FRANCE", "ABSENT 2026-12-24 2026-12-31", "ABSENT 9999-99-99 0000-00-00"),
]
WEIRD = [
    *("", " ", "null", "None", "true", "[]", "{}", "<script>alert(1)</script>", "' OR 1=1 --"),
    *("../../etc/passwd", "%00", "%ff%fe", "2026-13-45T25:61", "2099-01-01T00:00", "Mars/Olympus"),
    *("😀" * 40, "%ed%a0%80", "Europe/Paris", "48h", "-5h", "999999999999d", "on", "off"),
]
CHARSETS = ["utf-8", "bogus-8", "utf-7", "iso-8859-1", "utf-16", "shift_jis", "", '"'] * 1
ENCODINGS = ["7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "binary", "bogus"]


def text(rng: random.Random) -> str:
    """One hostile text value."""
    shape = rng.randrange(9)
    if shape == 0:
        return "".join(rng.choice(CONTROLS) for _ in range(rng.randrange(1, 40)))
    if shape == 1:
        return rng.choice("AX -\t") * rng.choice((1000, 10_000, 100_000))
    if shape == 2:
        return rng.choice(NUMBERS)
    if shape == 3:
        return rng.choice(CONFUSABLES)
    if shape == 4:
        return orders(rng)
    if shape == 5:
        return rng.choice(WEIRD)
    if shape == 6:
        return "".join(character(rng) for _ in range(rng.randrange(1, 60)))
    if shape == 7:
        return rng.choice(WORDS) + rng.choice(CONTROLS) + rng.choice(WORDS)
    return rng.choice(WORDS)


def orders(rng: random.Random) -> str:
    """Lines of order words and commands, with a hostile line now and then."""
    lines = []
    for _ in range(rng.randrange(1, 12)):
        pick = rng.randrange(5)
        if pick == 0:
            lines.append(rng.choice(COMMANDS))
        elif pick == 1:
            lines.append(rng.choice(CONFUSABLES + NUMBERS + CONTROLS))
        else:
            lines.append(" ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 7))))
    return "\n".join(lines)


def bad_bytes(rng: random.Random) -> bytes:
    """Bytes that are not the UTF-8 they claim to be."""
    shape = rng.randrange(4)
    if shape == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if shape == 1:
        return b"\xff\xfe" + text(rng).encode("utf-16-le", "surrogatepass")
    if shape == 2:
        return text(rng).encode("latin-1", "replace") + b"\xc3\x28\xa0\xa1"
    return b"\xed\xa0\x80" + text(rng).encode("utf-8", "surrogatepass")


def header_value(rng: random.Random) -> str:
    """A header value with no line break of its own (the email's shape adds those)."""
    return text(rng).replace("\r", " ").replace("\n", " ")[:2000]


def email(rng: random.Random, sender: str, to: str) -> bytes:
    """A whole email: from a real player to a real reply address, or not, in a hostile shape."""
    sender = sender if rng.random() < 0.7 else header_value(rng)
    to = to if rng.random() < 0.8 else header_value(rng)
    head = f"From: {sender}\r\nTo: {to}\r\nSubject: {header_value(rng)[:200]}\r\n"
    head += "".join(f"X-H{n}: {header_value(rng)[:50]}\r\n" for n in range(many(rng, 2000)))
    shape = rng.randrange(6)
    if shape == 0:
        return head.encode("utf-8", "surrogatepass") + b"\r\n" + body_bytes(rng)
    if shape == 1:
        return (head + nested(rng, many(rng, 3000))).encode("utf-8", "surrogatepass")
    if shape == 2:
        return (head + crowded(rng, many(rng, 1500))).encode("utf-8", "surrogatepass")
    if shape == 3:
        return (head + one_part(rng)).encode("utf-8", "surrogatepass")
    if shape == 4:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 400)))
    return (head + "\r\n" + orders(rng)).encode("utf-8", "surrogatepass")


def many(rng: random.Random, most: int) -> int:
    """Mostly few, now and then very many."""
    return rng.randrange(most) if rng.random() < 0.1 else rng.randrange(4)


def body_bytes(rng: random.Random) -> bytes:
    return orders(rng).encode() if rng.random() < 0.5 else bad_bytes(rng)


def one_part(rng: random.Random) -> str:
    charset, encoding = rng.choice(CHARSETS), rng.choice(ENCODINGS)
    kind = rng.choice(["text/plain", "text/html", "application/octet-stream", "text/x-bogus"])
    head = f"Content-Type: {kind}; charset={charset}\r\nContent-Transfer-Encoding: {encoding}\r\n"
    return (
        head + "\r\n" + rng.choice([orders(rng), "=?=\r\n=ZZ=\r\n", "!!!notbase64===", text(rng)])
    )


def nested(rng: random.Random, depth: int) -> str:
    """A multipart in a multipart, ``depth`` deep."""
    levels = "".join(
        f'Content-Type: multipart/mixed; boundary="b{n}"\r\n\r\n--b{n}\r\n' for n in range(depth)
    )
    return levels + one_part(rng)


def crowded(rng: random.Random, parts: int) -> str:
    """One multipart of ``parts`` parts, some cut short, some with boundaries that never end."""
    chunks = [f"--b\r\n{one_part(rng)}\r\n" for _ in range(min(parts, 40))]
    chunks += ["--b\r\nContent-Type: text/plain\r\n\r\nA PAR H\r\n"] * max(parts - 40, 0)
    ending = "--b--\r\n" if rng.random() < 0.7 else ""
    return 'Content-Type: multipart/mixed; boundary="b"\r\n\r\n' + "".join(chunks) + ending


def character(rng: random.Random) -> str:
    """Any code point a client could send in UTF-8 (a lone surrogate cannot be;
    bad bytes are bad_bytes' part)."""
    point = rng.randrange(1, 0x30000)
    return chr(point) if not 0xD800 <= point <= 0xDFFF else "\ufffd"
