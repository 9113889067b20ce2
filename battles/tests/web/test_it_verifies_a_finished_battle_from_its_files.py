"""A finished battle checked from what is published alone: replay.json as downloaded and the
seed shown on the page, through `python -m adjudication battle verify`; the battle's verify
page shows the same report, and the command line reads replay.json's battle as it is."""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from adjudication.battle.cli import battle_line
from adjudication.battle.dice import bytes_commitment
from adjudication.cli import main
from battles.models import Battle
from battles.tests.web.conftest import Cast, infantry, post, set_up

SEED_ON_PAGE = re.compile(r"Seed: <code>([0-9a-f]{64})</code>")


def _finished(cast: Cast) -> Battle:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "d3")])
    Battle.objects.filter(pk=battle.pk).update(veterans=True, after_combat_healing=True)
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    post(cast, "gm", "battle_override", battle, {"number": battle.dice_position, "face": 6})
    for _ in range(60):
        battle.refresh_from_db()
        turn = battle.open_turn()
        if battle.status != Battle.Status.ACTIVE or turn is None:
            break
        player, mine, theirs = ("red", "R1", "B1") if turn.side == "Red" else ("blue", "B1", "R1")
        post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED
    return battle


def _published(cast: Cast, battle: Battle, tmp_path: Path) -> tuple[Path, str]:
    """replay.json saved as a player downloads it, and the seed as the side's page prints it."""
    document = cast.client("red").get(reverse("battle_replay", args=[battle.pk])).content
    path = tmp_path / "replay.json"
    path.write_bytes(document)
    page = cast.client("red").get(reverse("battle", args=[battle.pk])).content.decode()
    found = SEED_ON_PAGE.search(page)
    assert found, "the finished battle's page prints its seed"
    return path, found[1]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["battle", "verify", *args])
    return status, capsys.readouterr().out


def test_the_command_line_reproduces_the_battle_from_its_published_files(
    cast: Cast, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    battle = _finished(cast)
    path, seed = _published(cast, battle, tmp_path)
    assert hashlib.sha256(seed.encode()).hexdigest() == battle.commitment

    status, out = _run(capsys, str(path), seed, "--json")
    report = json.loads(out)
    assert status == 0 and report["matches"] and report["committed"] == "as printed"
    stored = [(r.number, r.value, r.decided, r.turn) for r in battle.rolls.order_by("number")]
    assert [(r["number"], r["value"], r["decided"], r["turn"]) for r in report["rolls"]] == stored
    assert any("(set by the game master)" in r["decided"] for r in report["rolls"])
    board = [(t["id"], t["at"], t["hp"], t["att"], t["fallen"]) for t in report["tokens"]]
    assert board == [(t["id"], t["at"], t["hp"], t["att"], t["fallen"]) for t in battle.position]
    assert report["winner"] == battle.winner


def test_the_verify_page_shows_what_the_command_line_prints(
    cast: Cast, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    battle = _finished(cast)
    path, seed = _published(cast, battle, tmp_path)
    status, out = _run(capsys, str(path), seed)
    assert (
        status == 0 and "The seed matches" in out and f"Winner on the board: {battle.winner}" in out
    )
    for who in ("red", "blue", "gm"):
        page = cast.client(who).get(reverse("battle_verify", args=[battle.pk]))
        shown = re.search(r'<pre class="verify">(.*?)</pre>', page.content.decode(), re.S)
        assert page.status_code == 200 and shown
        assert html.unescape(shown[1]).rstrip("\n") == out.rstrip("\n")


def test_a_wrong_seed_is_reported_and_fails(
    cast: Cast, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    battle = _finished(cast)
    path, _ = _published(cast, battle, tmp_path)
    status, out = _run(capsys, str(path), "ab" * 32)
    assert status == 1 and "does NOT match the commitment" in out


def test_a_battle_committed_to_the_seeds_bytes_says_so_and_verifies(
    cast: Cast, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Battles created before the commitment was the printed seed's hash stay checkable."""
    battle = _finished(cast)
    Battle.objects.filter(pk=battle.pk).update(commitment=bytes_commitment(battle.seed))
    path, seed = _published(cast, battle, tmp_path)
    status, out = _run(capsys, str(path), seed)
    assert status == 0 and "xxd -r -p | sha256sum" in out
    page = cast.client("red").get(reverse("battle", args=[battle.pk])).content.decode()
    assert "the SHA-256 of the seed&#x27;s 32 bytes" in page


def test_the_battle_command_reads_replay_json_as_published(cast: Cast) -> None:
    battle = _finished(cast)
    document = cast.client("red").get(reverse("battle_replay", args=[battle.pk])).json()
    assert "fog" in document["options"] and "sight" not in document["options"]
    line = {key: document[key] for key in ("grid", "options", "tokens")}
    line |= {"side": "Red", "actions": [{"token": "R1", "do": "move", "path": ["c4"]}]}
    answer = battle_line(json.dumps(line))
    assert "error" not in answer, answer
    assert answer["results"] == [{"token": "R1", "ok": True}]


def test_before_the_end_nobody_can_verify(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    post(cast, "gm", "battle_start", battle, {})
    url = reverse("battle_verify", args=[battle.pk])
    assert [cast.client(who).get(url).status_code for who in ("gm", "red", "stranger")] == [
        403,
        403,
        404,
    ]


def test_every_battle_page_links_the_battle_rules(cast: Cast) -> None:
    battle = _finished(cast)
    pages = [("red", "battle"), ("blue", "battle"), ("gm", "battle_console")]
    pages += [("red", "battle_verify")]
    for who, name in pages:
        page = cast.client(who).get(reverse(name, args=[battle.pk])).content.decode()
        assert f'href="{reverse("rules_battle")}"' in page, (who, name)
