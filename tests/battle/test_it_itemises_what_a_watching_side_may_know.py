"""A side that watches another side's combat reads each total itemised as far
as it may know it (rulings B16, F3, F5): every term of a token it saw fight, the
charge it was shown, and one unseen figure for the rest, never a hidden token's
ATT, DEF or character."""

from __future__ import annotations

import json

from adjudication.battle.fog import Fog
from adjudication.battle.knowledge import UNSEEN, game_master_record, side_record
from adjudication.battle.knowledge_json import record_from_json, record_json
from adjudication.battle.model import Character
from battles.emails.text import event_line
from tests.battle.helpers import act, battle, charge, shoot, token

FOG = Fog(sight=2)


def archer(att: int = 5, character: Character | None = None):
    # Three steps from R1: out of Red's sight (2), within the archer's range.
    return token("B1", "blue", "d1", att=att, range=3, character=character)


def red_after_a_shot(shooter):
    start = battle(token("R1", "red", "a1", hp=9), shooter)
    done = act(start, "blue", shoot("B1", "R1"), dice=(4, 2))
    return side_record("red", start, done, FOG, turn=2), done


def test_a_hidden_archers_attack_is_one_unseen_figure():
    record, _ = red_after_a_shot(archer(5, Character("Hawk", 2, 0)))
    (event,) = record.events
    assert event.token is None
    assert event.attack_terms == ((UNSEEN, 7),)
    assert event.defence_terms == (("DEF", 3),)  # its own token: all of it
    line = event_line(event)
    assert "11 (die 4 + unseen 7) against 5 (die 2 + DEF 3), 6 damage" in line
    assert "ATT" not in line and "Hawk" not in line


def test_a_hidden_archers_stats_change_nothing_the_target_reads():
    with_hawk, _ = red_after_a_shot(archer(5, Character("Hawk", 2, 0)))
    plain, _ = red_after_a_shot(archer(7))
    assert json.dumps(record_json(with_hawk), sort_keys=True) == json.dumps(
        record_json(plain), sort_keys=True
    )


def test_the_shooters_side_and_the_game_master_read_every_term():
    _, done = red_after_a_shot(archer(5, Character("Hawk", 2, 0)))
    start = battle(token("R1", "red", "a1", hp=9), archer(5, Character("Hawk", 2, 0)))
    full = (("ATT", 5), ("Hawk", 2))
    assert side_record("blue", start, done, FOG, turn=2).events[0].attack_terms == full
    assert game_master_record(done.battle, 2, done).events[0].attack_terms == full


def green_watching(*tokens, action, dice=(3, 2)):
    start = battle(token("G1", "green", "a5"), *tokens, width=10, height=10)
    done = act(start, "blue", action, dice=dice)
    return side_record("green", start, done, FOG, turn=2).events


def test_a_charge_it_was_shown_is_named_though_the_charger_was_not_seen():
    # Green sees R1 at c3 (two steps) but not the charger's squares (three and more).
    (event,) = green_watching(
        token("R1", "red", "c3", hp=9, character=Character("Aldo", 0, 1)),
        token("B1", "blue", "f3", att=4),
        action=charge("B1", "e3", "d3", "R1"),
    )
    assert event.token is None and event.target == "R1"
    assert event.attack_terms == (("charge", 1), (UNSEEN, 4))
    assert event.defence_terms == (("DEF", 3), ("Aldo", 1))
    assert "8 (die 3 + charge 1 + unseen 4) against 6 (die 2 + DEF 3 + Aldo 1)" in (
        event_line(event)
    )


def test_a_defender_it_did_not_see_is_one_unseen_figure():
    # Green sees the archer at c5, not its target at f5.
    (event,) = green_watching(
        token("B1", "blue", "c5", att=5, range=3, character=Character("Hawk", 2, 0)),
        token("R1", "red", "f5", hp=9, defence=4, character=Character("Aldo", 0, 1)),
        action=shoot("B1", "R1"),
    )
    assert event.token == "B1" and event.target is None
    assert event.attack_terms == (("ATT", 5), ("Hawk", 2))
    assert event.defence_terms == ((UNSEEN, 5),)
    line = event_line(event)
    assert "10 (die 3 + ATT 5 + Hawk 2) against 7 (die 2 + unseen 5)" in line
    assert "DEF" not in line and "Aldo" not in line


def test_the_defending_side_reads_a_flank_it_saw_whole():
    start = battle(
        token("R1", "red", "b2", att=5, character=Character("Aldo", 1, 0)),
        token("R2", "red", "e2"),
        token("B1", "blue", "d2", hp=9, character=Character("Grimm", 0, 2)),
        flanking=True,
    )
    done = act(start, "red", charge("R1", "c2", "B1"), dice=(3, 2))
    (event,) = side_record("blue", start, done, FOG, turn=2).events
    assert event.attack_terms == (("ATT", 5), ("Aldo", 1), ("charge", 1), ("flanking", 1))
    assert "11 (die 3 + ATT 5 + Aldo 1 + charge 1 + flanking 1)" in event_line(event)


def test_the_terms_survive_the_stored_json_and_an_older_record_reads_without_them():
    record, _ = red_after_a_shot(archer(5, Character("Hawk", 2, 0)))
    stored = record_json(record)
    assert record_from_json(stored) == record
    for event in stored["events"]:
        del event["attack_terms"], event["defence_terms"]
    (older,) = record_from_json(stored).events
    assert older.attack_terms == () and "dice 4 and 2, 11 against 5" in event_line(older)
