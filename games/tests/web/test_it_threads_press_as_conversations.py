"""Press reads as conversations: one thread per correspondent or group, a
reply box that writes to the thread's powers, unread marks that go once the
thread is opened, and anonymous press in a thread of its own that nobody can
reply in (ruling 28)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games import actions
from games.press.models import PressMessage, PressRecipient
from games.tests.web.conftest import client_for
from games.tests.web.press_game import Table, make_table, press_game, send

pytestmark = pytest.mark.django_db


def page(user: Any, game: Any, query: str = "") -> str:
    response = client_for(user).get(reverse("game_press", args=[game.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def thread_links(html: str) -> list[str]:
    nav = html.split('id="press-threads"', 1)[1].split("</nav>", 1)[0]
    return re.findall(r'\?thread=([^"]+)"', nav)


def bodies(html: str) -> list[str]:
    return re.findall(r'<div class="press-body">([^<]*)</div>', html)


@pytest.fixture
def table() -> Table:
    return make_table()


def test_it_gives_each_correspondent_and_group_a_thread(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "FRANCE", ["ENGLAND"], "Just us.")
    send(game, table, "GERMANY", ["ENGLAND", "FRANCE"], "The three of us.")
    send(game, table, "ITALY", ["EVERYONE"], "Hello all.")
    send(game, table, "ENGLAND", ["FRANCE"], "Back to you.")
    html = page(table.players["ENGLAND"], game)
    assert sorted(thread_links(html)) == ["EVERYONE", "FRANCE", "FRANCE%2CGERMANY"]
    france = page(table.players["ENGLAND"], game, "?thread=FRANCE")
    assert bodies(france) == ["Back to you.", "Just us."]
    group = page(table.players["ENGLAND"], game, "?thread=FRANCE%2CGERMANY")
    assert bodies(group) == ["The three of us."]
    # Germany sees the same group from its side: England and France.
    assert "ENGLAND%2CFRANCE" in thread_links(page(table.players["GERMANY"], game))


def test_it_replies_to_the_threads_powers_and_returns_to_it(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "GERMANY", ["ENGLAND", "FRANCE"], "The three of us.")
    url = reverse("game_press_send", args=[game.pk])
    posted = {"thread": "FRANCE,GERMANY", "recipients": ["FRANCE", "GERMANY"], "body": "Agreed."}
    response = client_for(table.players["ENGLAND"]).post(url, posted)
    assert response.status_code == 302
    assert response["Location"].endswith("?thread=FRANCE%2CGERMANY")
    reply = PressMessage.objects.get(body="Agreed.")
    assert sorted(reply.recipients.values_list("power", flat=True)) == ["FRANCE", "GERMANY"]
    html = page(table.players["ENGLAND"], game, "?thread=FRANCE%2CGERMANY")
    assert bodies(html) == ["Agreed.", "The three of us."]
    assert 'id="reply"' in html and "Reply to France, Germany" in html
    assert bodies(page(table.players["FRANCE"], game, "?thread=ENGLAND%2CGERMANY"))[0] == "Agreed."


def test_it_keeps_a_refused_reply_in_its_thread(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "FRANCE", ["ENGLAND"], "Hello.")
    url = reverse("game_press_send", args=[game.pk])
    posted = {"thread": "FRANCE", "recipients": ["FRANCE"], "body": "x" * 5001}
    response = client_for(table.players["ENGLAND"]).post(url, posted)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Reply to France" in html and "x" * 5001 in html
    assert "at most 5000 characters" in html or "5,000" in html


def test_it_marks_messages_unread_until_the_thread_is_opened(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "FRANCE", ["ENGLAND"], "One.")
    send(game, table, "FRANCE", ["ENGLAND"], "Two.")
    send(game, table, "GERMANY", ["ENGLAND"], "Other.")
    england = table.players["ENGLAND"]
    assert "2 unread" in page(england, game) and "1 unread" in page(england, game)
    opened = page(england, game, "?thread=FRANCE")
    assert opened.count('class="badge new-mark"') == 2  # shown new this once
    again = page(england, game, "?thread=FRANCE")
    assert 'class="badge new-mark"' not in again
    assert "2 unread" not in page(england, game) and "1 unread" in page(england, game)
    rows = PressRecipient.objects.filter(game=game, power="ENGLAND")
    assert sorted(row.read_at is None for row in rows) == [False, False, True]


def test_it_counts_nothing_the_sender_wrote_as_unread(table: Table) -> None:
    game = press_game(table, "grey")
    send(game, table, "FRANCE", ["FRANCE", "ENGLAND"], "Hidden among us.", "ANONYMOUS")
    assert "unread" not in page(table.players["FRANCE"], game).split('id="press-threads"')[1]
    own = PressRecipient.objects.get(game=game, power="FRANCE")
    assert own.read_at is not None and own.thread == "ENGLAND"


def test_it_files_anonymous_press_apart_with_no_reply(table: Table) -> None:
    game = press_game(table, "grey")
    send(game, table, "FRANCE", ["ENGLAND"], "Guess who.", "ANONYMOUS")
    send(game, table, "GERMANY", ["ENGLAND", "ITALY"], "Guess again.", "ANONYMOUS")
    england = table.players["ENGLAND"]
    assert thread_links(page(england, game)) == ["ANONYMOUS"]
    html = page(england, game, "?thread=ANONYMOUS")
    assert bodies(html) == ["Guess again.", "Guess who."]
    assert 'id="reply"' not in html
    assert "Nobody can reply to an anonymous message" in html
    # France's own view files it with England, where it was sent.
    assert thread_links(page(table.players["FRANCE"], game)) == ["ENGLAND"]


def test_it_threads_black_press_by_its_signature_not_its_writer(table: Table) -> None:
    game = press_game(table, "black")
    send(game, table, "GERMANY", ["ENGLAND"], "Trust me.", "RUSSIA")
    send(game, table, "TURKEY", ["ENGLAND"], "Signed with your name.", "ENGLAND")
    england = table.players["ENGLAND"]
    assert sorted(thread_links(page(england, game))) == ["ANONYMOUS", "RUSSIA"]
    html = page(england, game, "?thread=RUSSIA")
    assert bodies(html) == ["Trust me."] and "Reply to Russia" in html
    assert "Germany" not in html.split('class="press-timeline"')[1]
    assert bodies(page(england, game, "?thread=ANONYMOUS")) == ["Signed with your name."]


def test_it_answers_an_unknown_thread_with_all_press(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "FRANCE", ["ENGLAND"], "Hello.")
    england = table.players["ENGLAND"]
    for wanted in ("NOWHERE", "GERMANY,FRANCE", "ENGLAND", "ANONYMOUS"):
        html = page(england, game, f"?thread={wanted}")
        assert "Reply to" not in html and bodies(html) == ["Hello."]
    # A power never written to yet opens an empty thread to write in.
    assert "Reply to Italy" in page(england, game, "?thread=ITALY")


def test_it_leaves_unread_what_came_after_the_page_read_the_thread(table: Table) -> None:
    game = press_game(table, "white")
    shown = send(game, table, "FRANCE", ["ENGLAND"], "Shown.")  # sent at A_MOMENT
    late = actions.send_press(
        game, table.players["FRANCE"], "FRANCE", ["ENGLAND"], "Too late.", "FRANCE"
    )
    actions.mark_thread_read(game, table.players["ENGLAND"], "ENGLAND", "FRANCE", shown.created)
    unread = PressRecipient.objects.filter(power="ENGLAND", read_at__isnull=True)
    assert [row.message_id for row in unread] == [late.pk]
