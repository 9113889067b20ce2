"""The quick MIME path writes the very bytes the standard library would.

postoffice.mime writes each body in one call; what it writes must not differ
by a byte from what Django and the email package write for the same message."""

from __future__ import annotations

import base64
import random
from email import generator, message_from_bytes
from email.mime.image import MIMEImage
from email.mime.multipart import MIMEMultipart
from io import BytesIO

import pytest
from anymail.utils import Attachment
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import SafeMIMEText

from games.tests.emails.conftest import RESULTS_CONTEXT
from postoffice.compose import Draft, build_message
from postoffice.mime import QuickBytesGenerator, base64_lines


def picture(size: int, seed: int = 7) -> bytes:
    return random.Random(seed).randbytes(size)


def standard_bytes(message, linesep: str = "\n") -> bytes:
    output = BytesIO()
    generator.BytesGenerator(output, mangle_from_=False).flatten(message, linesep=linesep)
    return output.getvalue()


def fix_boundaries(message) -> None:
    """Boundaries are random; fixed, two messages can be compared byte for byte."""
    for number, part in enumerate(message.walk()):
        if part.is_multipart():
            part.set_boundary(f"===boundary-{number}===")


def the_old_way(draft: Draft, html: str) -> EmailMultiAlternatives:
    """The results email as the standard library builds it: the map through
    MIMEImage, shown in the HTML by its Content-ID and named to be saved."""
    built = build_message(draft)
    message = EmailMultiAlternatives(
        built.subject, built.body, built.from_email, built.to, headers=built.extra_headers
    )
    message.attach_alternative(html, "text/html")
    assert draft.map_png is not None
    image = MIMEImage(draft.map_png, "png")
    image.add_header("Content-ID", "<map>")
    image.add_header("Content-Disposition", "inline", filename="map.png")
    message.attach(image)
    return message


def as_rfc_2387(mime):
    """The text, the HTML and the picture it shows in a multipart/related
    naming its type, under the message's own headers."""
    alternative, image = mime.get_payload()
    related = MIMEMultipart("related", type="multipart/alternative")
    for name, value in mime.items():
        if name.lower() not in ("content-type", "mime-version"):
            related[name] = value
    related.attach(alternative)
    related.attach(image)
    return related


@pytest.mark.parametrize("size", [*range(0, 120), 57 * 30, 57 * 30 + 1, 95_000])
def test_it_encodes_base64_as_encodebytes_does(size):
    assert base64_lines(picture(size)) == base64.encodebytes(picture(size)).decode("ascii")


@pytest.mark.parametrize("linesep", ["\n", "\r\n"])
def test_it_writes_a_body_with_every_kind_of_line_end_as_the_standard_generator(linesep):
    text = "first\r\nsecond\rthird\nfourth\n\nlast without an end"
    message = SafeMIMEText(text, "plain", "utf-8")
    quick = BytesIO()
    QuickBytesGenerator(quick, mangle_from_=False).flatten(message, linesep=linesep)
    assert quick.getvalue() == standard_bytes(message, linesep)


@pytest.mark.parametrize("linesep", ["\n", "\r\n"])
def test_it_writes_a_results_email_byte_for_byte_as_before(linesep):
    draft = Draft(
        kind="results", to="p@example.org", context=RESULTS_CONTEXT, map_png=picture(95_000)
    )
    ours = build_message(draft)
    before = the_old_way(draft, ours.alternatives[0].content)
    ours_mime, before_mime = ours.message(), as_rfc_2387(before.message())
    for mime in (ours_mime, before_mime):
        del mime["Message-ID"], mime["Date"]
        fix_boundaries(mime)
    assert ours_mime.as_bytes(linesep=linesep) == standard_bytes(before_mime, linesep)


def test_it_carries_the_picture_once_shown_and_named():
    png = picture(10_000)
    draft = Draft(kind="results", to="p@example.org", context=RESULTS_CONTEXT, map_png=png)
    parsed = message_from_bytes(build_message(draft).message().as_bytes())
    images = [part for part in parsed.walk() if part.get_content_type() == "image/png"]
    assert [image.get_content_disposition() for image in images] == ["inline"]
    assert [image.get_filename() for image in images] == ["map.png"]
    assert images[0]["Content-ID"] == "<map>"
    assert images[0].get_payload(decode=True) == png


def test_a_text_only_email_still_attaches_its_map():
    png = picture(3_000)
    draft = Draft(
        kind="results", to="p@example.org", context=RESULTS_CONTEXT, html=False, map_png=png
    )
    parsed = message_from_bytes(build_message(draft).message().as_bytes())
    images = [part for part in parsed.walk() if part.get_content_type() == "image/png"]
    assert [image.get_filename() for image in images] == ["map.png"]
    assert images[0].get_payload(decode=True) == png


def test_a_providers_api_reads_the_picture_as_inline():
    """Anymail's HTTP backends read attachments, not the MIME text."""
    png = picture(10_000)
    draft = Draft(kind="results", to="p@example.org", context=RESULTS_CONTEXT, map_png=png)
    read = [Attachment(part) for part in build_message(draft).attachments]
    assert [(item.name, item.inline, item.cid) for item in read] == [("map.png", True, "map")]
    assert all(item.content == png and item.mimetype == "image/png" for item in read)
