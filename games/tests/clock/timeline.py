"""Two seven-player fog games on one clock, for the timeline's leak tests.

A world is a dc2005 game whose phases all have fixed deadlines (the phase of
ordinal n is due at ``deadline_of(n)``) and which is swept at fixed moments,
the same in every world. After each sweep the viewer's mail so far and its
game page are noted: two worlds that differ only in what the viewer cannot
see must note the same things at the same moments (docs/fog.md, "Over the
whole timeline").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import actions
from games.gateway import BoardEdit
from games.models import Game, Phase
from games.tests.clock.conftest import GAME_ID, as_read
from games.tests.emails.conftest import make_game
from postoffice.models import OutboxMessage

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
# The countdown to the same deadline, worded at the moment each page is drawn.
COUNTDOWN = re.compile(r'<span class="muted">\(in [^)]*\)</span>')
START = timezone.now().replace(second=0, microsecond=0) + timedelta(hours=1)
PHASE_SPACING = timedelta(hours=10)
# Sweeps after each deadline: at it, then after one and two grace hours.
SWEEPS = (timedelta(minutes=1), timedelta(minutes=62), timedelta(minutes=123))


def deadline_of(ordinal: int) -> datetime:
    return START + (ordinal - 1) * PHASE_SPACING


@dataclass
class World:
    """One fog game seen by ``viewer``; ``noted`` is what it received, sweep by sweep."""

    suffix: str
    viewer: str = "AUSTRIA"
    grace_extensions: int = 1
    game: Game = field(init=False)
    master: User = field(init=False)
    players: dict[str, User] = field(init=False)
    noted: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game, self.master, self.players = make_game("dc2005", self.suffix)
        rules = {"grace_minutes": 60, "grace_extensions": self.grace_extensions}
        Game.objects.filter(pk=self.game.pk).update(**rules)
        self.fix_deadline()

    def phase(self) -> Phase:
        return self.game.phases.get(status=Phase.Status.OPEN)

    def fix_deadline(self) -> None:
        """The open phase's deadline from the common schedule, as the clock rules
        would give it in every world alike."""
        phase = self.game.phases.filter(status=Phase.Status.OPEN).first()
        if phase is not None and phase.extensions == 0:
            Phase.objects.filter(pk=phase.pk).update(deadline=deadline_of(phase.ordinal))

    def edit(self, action: str, place: str, **fields: str) -> None:
        actions.edit_board(self.game, self.master, BoardEdit(action, place, **fields))

    def order(self, power: str, *lines: str) -> None:
        actions.submit_orders(self.phase(), self.players[power], power, list(lines))

    def ready(self, *powers: str) -> None:
        for power in powers:
            actions.set_ready(self.phase(), self.players[power], power, True)

    def hold(self, *powers: str) -> None:
        """Each power orders every unit it has to hold (a power with none orders nothing)."""
        units = self.phase().position["units"]
        for power in powers:
            if units.get(power):
                self.order(power, *(f"{unit} H" for unit in units[power]))

    def vote(self, proposer: str, *voters: str) -> None:
        actions.propose_draw(self.game, self.players[proposer], proposer)
        for power in voters:
            actions.vote(self.game, self.players[power], power, True)

    def concede(self, to: str, *voters: str) -> None:
        proposer, *others = voters
        actions.propose_concession(self.game, self.players[proposer], proposer, to)
        for power in others:
            actions.vote(self.game, self.players[power], power, True)

    def eliminate_turkey(self) -> None:
        """Game-master edits far from Austria: Turkey's units go, its centres
        are Russia's; the adjudication then finds it eliminated."""
        for place in ("Ankara", "Constantinople", "Smyrna"):
            self.edit("remove", place)
            self.edit("centre", place, power="RUSSIA")

    def sweep_soon(self, minutes: int) -> None:
        """A sweep a few minutes from now, before any deadline: an early end's."""
        for pk in actions.claim_due_phases(timezone.now() + timedelta(minutes=minutes)):
            actions.adjudicate_phase(pk)
        self.fix_deadline()
        self.note()

    def everyone_but(self, *left_out: str) -> list[str]:
        return [power for power in self.players if power not in left_out]

    def play_out(self, ordinal: int) -> None:
        """Sweep at the moments after phase ``ordinal``'s deadline, noting what
        the viewer has after each."""
        for after in SWEEPS:
            now = deadline_of(ordinal) + after
            for pk in actions.claim_due_phases(now):
                actions.adjudicate_phase(pk)
            self.fix_deadline()
            self.note()

    def note(self) -> None:
        self.noted.append((self.mail(), self.page(), self.deadline_shown()))

    def mail(self) -> list[tuple[str, str, str]]:
        rows = OutboxMessage.objects.filter(game=self.game, power=self.viewer)
        read = [(row.kind, *as_read(row)) for row in rows.order_by("created", "id")]
        # The start email names the players with their standing.
        return [(kind, subject, self.same_names(body)) for kind, subject, body in read]

    def page(self) -> str:
        client = Client()
        client.force_login(self.players[self.viewer])
        html = client.get(reverse("game", args=[self.game.pk])).content.decode()
        html = COUNTDOWN.sub("", CSRF.sub("", html))
        return GAME_ID.sub("/games/N/", self.same_names(html))

    def same_names(self, text: str) -> str:
        for user in self.players.values():  # the worlds' usernames differ by the suffix
            text = text.replace(user.username, user.username.removesuffix(self.suffix))
        return text

    def deadline_shown(self) -> datetime | None:
        phase = self.game.phases.filter(status=Phase.Status.OPEN).first()
        return phase.deadline if phase else None

    def deadline_mail_to(self, power: str) -> int:
        kind = OutboxMessage.Kind.DEADLINE
        return OutboxMessage.objects.filter(game=self.game, power=power, kind=kind).count()
