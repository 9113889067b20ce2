"""Costly shapes: inputs chosen to cost the server much more than they cost to
send (algorithmic-complexity input), for bench/cost_fuzz.py and its test.

Each shape is a name and a function of a seeded generator and a scale (1 in
full, smaller in the quick mode): huge bodies, many fields, long lines, deep
nesting, many orders, unicode, many recipients, giant headers and order text
that reads slowly. Sizes come near each road's documented bound
(docs/security.md, "The cost budget of every road in") and past it, where the
answer should be an early refusal.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

MEGABYTE = 1024 * 1024
UNICODE = "e\u0301\u0301\u202e\U0001f600\u200d\ufeff\u0410\uff21\u2028"
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY", "EVERYONE"]

Shape = Callable[[random.Random, float], Any]


def sized(scale: float, full: float) -> int:
    return max(int(full * scale), 1)


def order_lines(rng: random.Random, count: int) -> list[str]:
    """Well-formed orders, each a little different."""
    units = ("A Par", "F Bre", "A Mar", "A Mun", "F Lon", "A Vie")
    goals = ("Bur", "Pic", "Gas", "Spa/sc", "Mao", "Ruh")
    return [f"{rng.choice(units)} - {rng.choice(goals)}" for _ in range(count)]


def slow_order_text(rng: random.Random, scale: float) -> str:
    """Order text that makes a reader work: support of a support, convoys of
    convoys, long lines of dashes and words, look-alike letters."""
    pieces = [
        "A Par S " * sized(scale, 5000) + "A Bur H",
        "F Nth C " * sized(scale, 5000) + "A Lon - Nwy",
        "A Par - " + " - ".join(["Bur", "Mar", "Gas"] * sized(scale, 3000)),
        "-" * sized(scale, 200_000),
        " ".join(rng.choice(("A", "via", "convoy", "to", "->")) for _ in range(sized(scale, 5e4))),
        ("\u0410 \u0420AR - BUR " * sized(scale, 10_000)),
    ]
    return rng.choice(pieces)


def text_shapes() -> dict[str, Shape]:
    """A text field's hostile values."""
    return {
        "long line": lambda rng, s: "A" * sized(s, 2 * MEGABYTE - 1000),
        "many order lines": lambda rng, s: "\n".join(order_lines(rng, sized(s, 150_000))),
        "unicode": lambda rng, s: UNICODE * sized(s, 30_000),  # 1.8 MB as JSON escapes
        "slow order text": slow_order_text,
        "many short lines": lambda rng, s: "\n" * sized(s, 2 * MEGABYTE - 1000),
    }


# Web forms: the fields a form may read, each carrying the hostile value.
FORM_FIELDS = ["typed", "body", "text", "recipients", "name", "email", "deadline", "adjustments"]


def in_form_fields(make: Shape) -> Shape:
    """The value in two fields, each half as large: together under the body limit."""
    return lambda rng, scale: {field: make(rng, scale / 2) for field in FORM_FIELDS[:2]}


def form_shapes() -> dict[str, Shape]:
    shapes = {name: in_form_fields(make) for name, make in text_shapes().items()}
    shapes["many fields"] = lambda rng, s: {f"f{n}": "x" for n in range(sized(s, 950))}
    shapes["too many fields"] = lambda rng, s: {f"f{n}": "x" for n in range(5000)}
    shapes["many recipients"] = lambda rng, s: {
        "recipients": [rng.choice(POWERS) for _ in range(sized(s, 900))],
        "body": "Hello",
    }
    shapes["many rows"] = lambda rng, s: {
        f"row_{n}": "A PAR - BUR" for n in range(sized(s, 900))
    } | {"typed": "A Par H"}
    shapes["over the body limit"] = lambda rng, s: {"typed": "A Par H\n" * 400_000}
    return shapes


def query_shapes() -> dict[str, Shape]:
    return {
        "many parameters": lambda rng, s: "&".join(f"p{n}=1" for n in range(sized(s, 5000))),
        "long value": lambda rng, s: "power=" + "A" * sized(s, 60_000),
        "unicode": lambda rng, s: "with=" + "%F0%9F%98%80%CC%81" * sized(s, 5000),
        "repeated names": lambda rng, s: "&".join(["page=9" * 1] * sized(s, 5000)),
        "escapes": lambda rng, s: "m=" + "%ff%fe%00" * sized(s, 10_000),
    }


def deep_json(depth: int, opening: str = "[", closing: str = "]") -> bytes:
    return (opening * depth + closing * depth).encode()


def api_shapes(base: dict[str, Any]) -> dict[str, Shape]:
    """Bodies for one POST route: its good body (``base``) with each field made
    hostile, and whole bodies deep, wide or past the limit."""
    shapes: dict[str, Shape] = {
        "deep nesting": lambda rng, s: deep_json(sized(s, 100_000)),
        "deep objects": lambda rng, s: deep_json(sized(s, 50_000), '{"a":', "}")[:-1] + b"}",
        "many keys": lambda rng, s: json.dumps({f"k{n}": n for n in range(sized(s, 100_000))}),
        "over the body limit": lambda rng, s: json.dumps({"text": "A Par H\n" * 400_000}),
        "many orders": lambda rng, s: json.dumps(
            {**base, "orders": order_lines(rng, sized(s, 100_000))}
        ),
        "many recipients": lambda rng, s: json.dumps(
            {**base, "recipients": [rng.choice(POWERS) for _ in range(sized(s, 200_000))]}
        ),
        "orders as a huge object": lambda rng, s: json.dumps(
            {**base, "orders": {f"A X{n}": "Bur" for n in range(sized(s, 60_000))}}
        ),
    }
    for name in list(base) or ["text", "body"]:
        for shape, make in text_shapes().items():
            shapes[f"{name}: {shape}"] = in_json_field(base, name, make)
    return shapes


def in_json_field(base: dict[str, Any], name: str, make: Shape) -> Shape:
    return lambda rng, scale: json.dumps({**base, name: make(rng, scale)})


def header_shapes() -> dict[str, Callable[[random.Random, float], str]]:
    """Extra header lines that cost a mail parser: the issue's own findings and more."""
    return {
        "many commas in Cc": lambda rng, s: "Cc: " + "," * sized(s, 130_000),
        "many addresses": lambda rng, s: "To: "
        + ", ".join(f"p{n}@example.org" for n in range(sized(s, 20_000))),
        "many ids in References": lambda rng, s: "References: "
        + " ".join(f"<{n}@x>" for n in range(sized(s, 150_000))),
        "many encoded words": lambda rng, s: "Subject: " + "=?utf-8?q?a?= " * sized(s, 20_000),
        "nested parentheses": lambda rng, s: "Cc: " + "(" * sized(s, 3000) + ")" * sized(s, 3000),
        "a giant folded header": lambda rng, s: "X-Long: "
        + "\r\n ".join(["word"] * sized(s, 200_000)),
        "many header lines": lambda rng, s: "\r\n".join(
            f"X-H{n}: v" for n in range(sized(s, 20_000))
        ),
    }


def body_shapes() -> dict[str, Callable[[random.Random, float], str]]:
    """Bodies (with their own Content-Type lines) that cost a reader."""
    plain = "Content-Type: text/plain; charset=utf-8\r\n\r\n"
    return {
        "deep html": lambda rng, s: "Content-Type: text/html\r\n\r\n"
        + "<ul><li>" * sized(s, 1700)
        + "A Par - Bur",
        "deep multipart, CR only": lambda rng, s: "".join(
            f'Content-Type: multipart/mixed; boundary="b{n}"\r\r--b{n}\r'
            for n in range(sized(s, 3000))
        ),
        "deep multipart": lambda rng, s: "".join(
            f'Content-Type: multipart/mixed; boundary="b{n}"\r\n\r\n--b{n}\r\n'
            for n in range(sized(s, 3000))
        ),
        "many parts": lambda rng, s: 'Content-Type: multipart/mixed; boundary="b"\r\n\r\n'
        + "--b\r\nContent-Type: text/plain\r\n\r\nA Par H\r\n" * sized(s, 5000)
        + "--b--\r\n",
        "many order lines": lambda rng, s: plain + "\r\n".join(order_lines(rng, sized(s, 50_000))),
        "slow order text": lambda rng, s: plain + slow_order_text(rng, s),
        "unicode": lambda rng, s: plain + UNICODE * sized(s, 50_000),
        "press to many": lambda rng, s: plain
        + "PRESS TO "
        + " ".join(rng.choice(POWERS) for _ in range(sized(s, 50_000)))
        + "\r\nHello\r\nEND",
    }


Email = Callable[[random.Random, float, str, str], bytes]


def message(head: str, body: str, sender: str, to: str) -> bytes:
    """A message from ``sender`` to ``to``: ``head`` among its headers, then ``body``
    (which may open with Content-Type lines of its own)."""
    top = f"From: {sender}\r\nTo: {to}\r\nSubject: orders\r\n"
    extra = f"{head}\r\n" if head else ""
    default = "" if body.startswith("Content-Type") else "\r\n"
    return (top + extra + default + body).encode("utf-8", "replace")


def with_header(make: Callable[[random.Random, float], str]) -> Email:
    return lambda rng, scale, sender, to: message(make(rng, scale), "A Par H", sender, to)


def with_body(make: Callable[[random.Random, float], str]) -> Email:
    return lambda rng, scale, sender, to: message("", make(rng, scale), sender, to)


def email_shapes() -> dict[str, Email]:
    """Whole messages from a player to a reply address, each with one costly part."""
    shapes = {f"header: {name}": with_header(make) for name, make in header_shapes().items()}
    shapes |= {f"body: {name}": with_body(make) for name, make in body_shapes().items()}
    shapes["over the size limit"] = with_body(lambda rng, scale: "A Par H\r\n" * 200_000)
    return shapes
