"""The game master's EXTEND, PAUSE and RESUME by email (Gmail) reach every
seated player alike, with the calendar event updated (a pause cancels it
until the game resumes); email sent while paused shows no running deadline;
results carry the next deadline's calendar file."""

from __future__ import annotations

from typing import Any

from django.core import mail
from icalendar import Calendar

from fogdip.celery import app
from games import actions
from games.actions.processing import adjudicate_phase
from games.tests.replies.clients import send_client_mail
from games.tests.replies.conftest import answers_to, send
from postoffice.ics import deadline_uid
from postoffice.tasks import sweep_outbox

GM = "gm@example.org"
PLAYERS = [f"{name}@example.org" for name in ("england", "france", "germany", "italy")]


def sent_to_players() -> dict[str, Any]:
    mail.outbox = []
    app.conf.task_always_eager = True  # the sweep's send tasks run here, as a worker would
    try:
        sweep_outbox()
    finally:
        app.conf.task_always_eager = False
    return {m.to[0]: m for m in mail.outbox if m.to[0] in PLAYERS}


def calendar_of(message: Any) -> Calendar:
    files = [part for part in message.attachments if name_of(part) == "deadline.ics"]
    assert len(files) == 1
    part = files[0]
    return Calendar.from_ical(part[1] if isinstance(part, tuple) else part.get_payload(decode=True))


def name_of(part: Any) -> str:
    return part[0] if isinstance(part, tuple) else (part.get_filename() or "")


def event_of(message: Any) -> Any:
    return next(iter(calendar_of(message).walk("VEVENT")))


def test_an_extension_reaches_every_player_with_its_calendar(game, phase, game_master_address):
    sent_to_players()
    send_client_mail("gmail_gm_extend.eml", GM, game_master_address)
    phase.refresh_from_db()
    told = sent_to_players()
    assert sorted(told) == sorted(PLAYERS)
    for message in told.values():
        assert "was extended" in message.body
        event = event_of(message)
        assert str(event["uid"]) == deadline_uid(game.pk, phase.name)
        assert event.decoded("dtstart") == phase.deadline.replace(microsecond=0)


def test_a_pause_cancels_the_event_and_the_resume_brings_it_back(game, phase, game_master_address):
    sent_to_players()
    send_client_mail("gmail_gm_pause.eml", GM, game_master_address)
    paused = sent_to_players()
    assert sorted(paused) == sorted(PLAYERS)
    bodies = {m.body.replace(m.to[0].split("@")[0].title(), "") for m in paused.values()}
    assert len({body.split("Replying works")[0] for body in bodies}) == 1  # alike
    first = paused[PLAYERS[0]]
    assert "paused" in first.subject and "New deadline" not in first.body
    assert str(calendar_of(first)["method"]) == "CANCEL"
    send_client_mail("gmail_gm_resume.eml", GM, game_master_address)
    phase.refresh_from_db()
    resumed = sent_to_players()[PLAYERS[0]]
    assert "resumed" in resumed.subject
    event = event_of(resumed)
    assert str(calendar_of(resumed)["method"]) == "PUBLISH"
    assert event.decoded("dtstart") == phase.deadline.replace(microsecond=0)
    assert int(event["sequence"]) >= int(event_of(first)["sequence"])


def test_an_answer_while_paused_shows_no_running_deadline(game, england, game_master_address):
    send_client_mail("gmail_gm_pause.eml", GM, game_master_address)
    send("STATUS", "england@example.org", england)
    body = answers_to("england@example.org")[0].body
    assert "Deadline: none while the game is paused" in body


def test_results_carry_the_next_deadline(game_and_players, phase):
    game, master, _ = game_and_players
    actions.process_now(phase, master)
    adjudicate_phase(phase.pk)
    following = game.phases.get(ordinal=2)
    results = sent_to_players()[PLAYERS[0]]
    event = event_of(results)
    assert str(event["uid"]) == deadline_uid(game.pk, following.name)
    assert event.decoded("dtstart") == following.deadline.replace(microsecond=0)
    assert event.decoded("dtend") > event.decoded("dtstart")
