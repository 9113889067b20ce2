"""The dev mailbox reads back what the file backend wrote."""

from __future__ import annotations

from django.core.mail import get_connection

from games.tests.emails.conftest import RESULTS_CONTEXT
from postoffice.compose import Draft, build_message
from postoffice.mailbox import html_with_images, read_messages


def test_it_reads_back_sent_messages_newest_first(tmp_path):
    connection = get_connection(
        "django.core.mail.backends.filebased.EmailBackend", file_path=str(tmp_path)
    )
    context = RESULTS_CONTEXT
    first = build_message(Draft(kind="results", to="a@x.org", context=context, map_png=b"PNGDATA"))
    second = build_message(Draft(kind="results", to="b@x.org", context=context))
    connection.send_messages([first, second])
    stored = read_messages(tmp_path)
    assert [m.to for m in stored] == ["b@x.org", "a@x.org"]
    with_map = stored[1]
    assert "A Mun H (succeeds)" in with_map.text
    assert "data:image/png;base64," in html_with_images(with_map)
    assert "map.png" in with_map.attachments


def test_it_is_empty_without_a_folder(tmp_path):
    assert read_messages(tmp_path / "missing") == []
