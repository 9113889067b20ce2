"""What building and writing one results email costs, the map in it.

    .venv/bin/python bench/email_mime.py [--runs 200]

A results email with a 37 KB map (the email's picture, games/maps_adapter.py),
built and written out as the file and SMTP backends write it
(`message().as_bytes()`), two ways:

* as FogDip writes it (postoffice.mime): the map shown once, base64-encoded
  in one step, each body written in one call, boundaries that need no
  search;
* as the standard library and Django write the same message: each part
  encoded on its own (email.mime.image, Django's attach) and flattened by
  email.generator.BytesGenerator, which writes a body line by line and
  searches the message for each boundary it picks.

Both render the email's three templates once, as sending does.

Prints the CPU milliseconds of each (the median of five rounds) and checks
that both give the same bytes once their boundaries are made equal.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from email import generator
from email.message import Message
from email.mime.image import MIMEImage
from email.mime.multipart import MIMEMultipart
from io import BytesIO
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fogdip.settings")
os.environ.setdefault("DEBUG", "1")
django.setup()

from postoffice.compose import Draft, build_message, render_parts  # noqa: E402

CONTEXT = {
    "game_name": "Fogbound",
    "power_name": "Germany",
    "phase_label": "Spring 1901",
    "lines": ["A Mun - Ruh (succeeds)", "F Kie - Den (bounced)"],
    "messages": ["Munich was entered by a French army"],
}


def drafts() -> tuple[Draft, bytes]:
    png = random.Random(1).randbytes(37_000)
    return Draft(kind="results", to="p@example.org", context=CONTEXT, map_png=png), png


def ours(draft: Draft) -> bytes:
    return build_message(draft).message().as_bytes()


def standard_message(draft: Draft, png: bytes) -> Message:
    """The same email built by Django and the email package alone, from the
    same templates (rendered here, as build_message renders them)."""
    from django.conf import settings
    from django.core.mail import EmailMultiAlternatives

    subject, text, html = render_parts(draft)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [draft.to])
    message.attach_alternative(html, "text/html")
    image = MIMEImage(png, "png")
    image.add_header("Content-ID", "<map>")
    image.add_header("Content-Disposition", "inline", filename="map.png")
    built = message.message()
    # The text and HTML with the picture they show, in a multipart/related
    # naming its type (RFC 2387), under the message's own headers.
    related = MIMEMultipart("related", type="multipart/alternative")
    for name, value in built.items():
        if name.lower() not in ("content-type", "mime-version"):
            related[name] = value
    related.attach(_without_headers(built))
    related.attach(image)
    return related


def _without_headers(mime: Message) -> Message:
    """The part with only its Content-Type and MIME-Version, as Django leaves it inside."""
    for name in [n for n in mime if n.lower() not in ("content-type", "mime-version")]:
        del mime[name]
    return mime


def standard_bytes(mime: Message) -> bytes:
    output = BytesIO()
    generator.BytesGenerator(output, mangle_from_=False).flatten(mime)
    return output.getvalue()


def standard(draft: Draft, png: bytes) -> bytes:
    return standard_bytes(standard_message(draft, png))


def cpu_ms(action: Callable[[], object], runs: int) -> float:
    rounds = []
    for _ in range(5):
        started = time.process_time()
        for _ in range(runs):
            action()
        rounds.append(1000 * (time.process_time() - started) / runs)
    return statistics.median(rounds)


def same_bytes(draft: Draft, png: bytes) -> bool:
    pair = [build_message(draft).message(), standard_message(draft, png)]
    for mime in pair:
        del mime["Message-ID"], mime["Date"]
        for number, part in enumerate(mime.walk()):
            if part.is_multipart():
                part.set_boundary(f"===boundary-{number}===")
    return pair[0].as_bytes() == standard_bytes(pair[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    draft, png = drafts()
    print(f"one results email with a {len(png) // 1000} KB map, built and written out")
    print(f"  as FogDip writes it:           {cpu_ms(lambda: ours(draft), args.runs):6.2f} ms CPU")
    standard_ms = cpu_ms(lambda: standard(draft, png), args.runs)
    print(f"  as the standard library would: {standard_ms:6.2f} ms CPU")
    print(f"  the same bytes (boundaries made equal): {same_bytes(draft, png)}")


if __name__ == "__main__":
    main()
