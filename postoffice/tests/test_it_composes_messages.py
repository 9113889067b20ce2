"""Each message kind renders subject, text and HTML in the recipient's time zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from postoffice.compose import Attachment, Draft, build_message

DEADLINE = datetime(2026, 11, 23, 18, 0, tzinfo=UTC)
CONTEXTS = {
    "invitation": {
        "inviter": "gm",
        "game_name": "Fogbound",
        "preset_name": "Fog of War (2005)",
        "join_url": "http://x/join/abc/",
        "rules_url": "http://x/rules/dc2005/",
    },
    "game_start": {
        "game_name": "Fogbound",
        "power_name": "Germany",
        "preset_name": "Fog of War (2005)",
        "rules_url": "http://x/rules/dc2005/",
        "deadline": DEADLINE,
        "order_url": "http://x/games/1/",
    },
    "results": {
        "game_name": "Fogbound",
        "power_name": "Germany",
        "phase_label": "Spring 1901",
        "lines": ["A Mun - Ruh (succeeds)"],
        "messages": ["Munich captured by a French army"],
        "next_phase_label": "Summer 1901",
        "deadline": DEADLINE,
        "order_url": "http://x/games/1/",
    },
    "reminder": {
        "game_name": "Fogbound",
        "power_name": "Germany",
        "phase_label": "Spring 1901",
        "deadline": DEADLINE,
        "order_url": "http://x/games/1/",
    },
    "game_end": {
        "game_name": "Fogbound",
        "power_name": "Germany",
        "outcome": "Germany wins with 18 supply centres.",
        "history_url": "http://x/games/1/history/",
    },
}


@pytest.mark.parametrize("kind", sorted(CONTEXTS))
def test_it_renders_every_kind_with_text_and_html(kind):
    message = build_message(Draft(kind=kind, to="p@example.org", context=CONTEXTS[kind]))
    assert message.subject and "\n" not in message.subject
    assert "Fogbound" in message.body
    assert message.alternatives[0].mimetype == "text/html"
    assert "Fogbound" in message.alternatives[0].content


def test_it_writes_dates_in_the_recipients_time_zone():
    draft = Draft(
        kind="reminder", to="p@x.org", context=CONTEXTS["reminder"], time_zone="Asia/Tokyo"
    )
    assert "03:00" in build_message(draft).body  # 18:00 UTC is 03:00 next day in Tokyo
    utc = Draft(kind="reminder", to="p@x.org", context=CONTEXTS["reminder"])
    assert "18:00" in build_message(utc).body


def test_it_sends_plain_text_only_when_asked():
    draft = Draft(kind="results", to="p@x.org", context=CONTEXTS["results"], html=False)
    message = build_message(draft)
    assert message.alternatives == []
    assert "A Mun - Ruh (succeeds)" in message.body


def test_it_puts_the_map_inline_and_attached():
    png = b"\x89PNG\r\n\x1a\nfake"
    draft = Draft(kind="results", to="p@x.org", context=CONTEXTS["results"], map_png=png)
    raw = build_message(draft).message().as_string()
    assert "Content-ID: <map>" in raw
    assert 'filename="map.png"' in raw
    assert 'src="cid:map"' in raw


def test_it_attaches_extra_files():
    ics = Attachment("deadline.ics", b"BEGIN:VCALENDAR", "text/calendar")
    draft = Draft(
        kind="game_start", to="p@x.org", context=CONTEXTS["game_start"], attachments=(ics,)
    )
    names = [attachment[0] for attachment in build_message(draft).attachments]
    assert names == ["deadline.ics"]


MARKED_UP = "<b>x</b> & 'co'"


@pytest.mark.parametrize("kind", sorted(CONTEXTS))
def test_it_writes_the_subject_and_the_text_as_typed(kind):
    """Plain text is not HTML: a name with markup in it reads as typed there,
    and is escaped in the HTML body only."""
    context = {**CONTEXTS[kind], "game_name": MARKED_UP}
    message = build_message(Draft(kind=kind, to="p@example.org", context=context))
    assert MARKED_UP in message.subject
    assert MARKED_UP in message.body
    html = message.alternatives[0].content
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html
