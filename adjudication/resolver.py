"""Movement resolution as a short guess-and-check over decisions.

This is Kruijswijk's algorithm from "The Math of Adjudication": every order
that can succeed or fail (a move, a support, a convoy) is one decision,
identified by the province of the unit that gave it.  A decision is worked
out from the strengths of the units around it; when working it out needs a
decision that is itself being worked out, that decision's current guess is
used and noted.  A cycle whose result depends on the guess is handed to the
paradox rule (``backup``): circular movement succeeds, and a cycle through a
convoy is settled by the Szykman rule (the convoys in it fail, so the army
holds).  A different rule can be passed in as ``backup``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from adjudication.convoys import route_possible
from adjudication.mapgraph import MapGraph
from adjudication.types import Unit
from adjudication.vocabulary import OrderKind

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2
_NONE: list[str] = []  # shared empty list, never changed
_NO_FLEETS: frozenset[str] = frozenset()
MOVE, SUPPORT, CONVOY = OrderKind.MOVE.value, OrderKind.SUPPORT.value, OrderKind.CONVOY.value


@dataclass
class Board:
    """The matched orders of one movement phase, keyed by province."""

    graph: MapGraph
    units: dict[str, Unit]
    kinds: dict[str, str] = field(default_factory=dict)  # province -> MOVE/SUPPORT/CONVOY
    move_to: dict[str, str] = field(default_factory=dict)  # source -> target province
    move_location: dict[str, str] = field(default_factory=dict)  # source -> target location
    by_convoy: set[str] = field(default_factory=set)  # sources of moves by convoy
    attackers: dict[str, list[str]] = field(default_factory=dict)  # target -> sources
    hold_supports: dict[str, list[str]] = field(default_factory=dict)  # held -> supporters
    move_supports: dict[str, list[str]] = field(default_factory=dict)  # source -> supporters
    support_target: dict[str, str] = field(default_factory=dict)  # supporter -> province
    move_supporters: set[str] = field(default_factory=set)  # supporters of a move
    convoys: dict[str, set[str]] = field(default_factory=dict)  # army source -> fleets

    def head_to_head(self, source: str, target: str) -> bool:
        """Two units swapping places without convoy meet at the border."""
        return (
            self.move_to.get(target) == source
            and source not in self.by_convoy
            and target not in self.by_convoy
        )


BackupRule = Callable[["Resolver", list[str]], None]


def szykman_backup(resolver: Resolver, cycle: list[str]) -> None:
    """Paradox rule: the convoys in a paradox fail; else circular movement succeeds."""
    kinds = resolver.board.kinds
    paradox = any(kinds.get(p) == CONVOY for p in cycle)
    for province in cycle:
        if paradox and kinds.get(province) == CONVOY:
            resolver.settle(province, False)
        elif not paradox and kinds.get(province) == MOVE:
            resolver.settle(province, True)
        else:
            resolver.state[province] = UNRESOLVED


class Resolver:
    def __init__(self, board: Board, backup: BackupRule = szykman_backup) -> None:
        self.board = board
        self.backup = backup
        self.state: dict[str, int] = dict.fromkeys(board.kinds, UNRESOLVED)
        self.result: dict[str, bool] = {}
        self.guessed: list[str] = []
        self.started: dict[str, int] = {}
        self.clock = 0

    def settle(self, province: str, result: bool) -> None:
        self.result[province] = result
        self.state[province] = RESOLVED

    def resolve_all(self) -> dict[str, bool]:
        self._settle_independent()
        for province in sorted(self.board.kinds.keys() - self.result.keys()):
            self.resolve(province)
        return self.result

    def _settle_independent(self) -> None:
        # Most decisions depend on no other: a support or convoy nobody
        # attacks, a move alone over land into an empty province.  Settled
        # first, they are spared the guess-and-check (and are never part
        # of a cycle).
        board = self.board
        units, attackers, by_convoy = board.units, board.attackers, board.by_convoy
        for province, kind in board.kinds.items():
            if kind != MOVE:
                independent = province not in attackers
            else:
                target = board.move_to[province]
                independent = (
                    target not in units
                    and len(attackers[target]) == 1
                    and province not in by_convoy
                )
            if independent:
                self.settle(province, True)

    def resolve(self, province: str) -> bool:
        state = self.state[province]
        if state == RESOLVED:
            return self.result[province]
        if state == GUESSING:
            if province not in self.guessed:
                self.guessed.append(province)
            return self.result[province]
        return self._guess_and_check(province)

    def _guess_and_check(self, province: str) -> bool:
        mark = len(self.guessed)
        self.clock += 1
        self.started[province] = self.clock
        self.result[province], self.state[province] = False, GUESSING
        decide = _DECIDERS[self.board.kinds[province]]
        first = decide(self, province)
        if len(self.guessed) == mark:
            if self.state[province] != RESOLVED:
                self.settle(province, first)
            return first
        if self._leans_on_outer_guess(province, mark):
            # Depends on a guess made further up: stay a guess, report it.
            self.guessed.append(province)
            self.result[province] = first
            return first
        self._forget(mark)
        self.result[province], self.state[province] = True, GUESSING
        second = decide(self, province)
        if self._leans_on_outer_guess(province, mark):
            self.guessed.append(province)
            self.result[province] = first
            return first
        if first == second:
            self._forget(mark)
            self.settle(province, first)
            return first
        cycle = self.guessed[mark:]
        del self.guessed[mark:]
        self.backup(self, cycle)
        if all(self.state[p] != RESOLVED for p in cycle):
            # The rule found nothing to settle: take the first guess rather
            # than go round the same cycle for ever.
            self.settle(province, first)
        return self.resolve(province)

    def _leans_on_outer_guess(self, province: str, mark: int) -> bool:
        # A guess begun before this one (an enclosing decision, or one left
        # waiting on it) was used: only that decision can settle this one.
        begun = self.started[province]
        return any(self.started[p] < begun for p in self.guessed[mark:])

    def _forget(self, mark: int) -> None:
        for province in self.guessed[mark:]:
            self.state[province] = UNRESOLVED
        del self.guessed[mark:]

    # --- strengths -------------------------------------------------------

    def _count_supports(self, supporters: list[str], not_of: str | None = None) -> int:
        count = 0
        units = self.board.units
        for supporter in supporters:
            if units[supporter].power != not_of and self.resolve(supporter):
                count += 1
        return count

    def has_path(self, source: str) -> bool:
        """Is an unbroken chain of convoying fleets carrying this army?"""
        fleets = self.board.convoys.get(source)
        if not fleets:
            return False
        graph = self.board.graph
        end = graph.sea_neighbours(self.board.move_to[source])
        frontier = sorted(f for f in graph.sea_neighbours(source) if f in fleets)
        seen = set(frontier)
        while frontier:
            fleet = frontier.pop()
            if not self.resolve(fleet):
                continue
            if fleet in end:
                return True
            fresh = sorted(f for f in graph.sea_neighbours(fleet) if f in fleets and f not in seen)
            seen.update(fresh)
            frontier.extend(fresh)
        return False

    def attack_strength(self, source: str) -> int:
        board = self.board
        if source in board.by_convoy and not self.has_path(source):
            return 0
        target = board.move_to[source]
        supporters = board.move_supports.get(source, _NONE)
        defender = board.units.get(target)
        if defender is None or self._moves_away(target, source):
            return 1 + self._count_supports(supporters)
        if defender.power == board.units[source].power:
            return 0
        return 1 + self._count_supports(supporters, not_of=defender.power)

    def _moves_away(self, target: str, attacker: str) -> bool:
        board = self.board
        if target not in board.move_to or board.head_to_head(attacker, target):
            return False
        return self.resolve(target)

    def hold_strength(self, province: str) -> int:
        board = self.board
        if province not in board.units:
            return 0
        if province in board.move_to:
            return 0 if self.resolve(province) else 1
        return 1 + self._count_supports(board.hold_supports.get(province, _NONE))

    def defend_strength(self, source: str) -> int:
        return 1 + self._count_supports(self.board.move_supports.get(source, _NONE))

    def prevent_strength(self, source: str) -> int:
        board = self.board
        if source in board.by_convoy and not self.has_path(source):
            return 0
        target = board.move_to[source]
        if board.head_to_head(source, target) and self.resolve(target):
            return 0
        return 1 + self._count_supports(board.move_supports.get(source, _NONE))

    def opposing_strength(self, source: str) -> int:
        """What the move from ``source`` must beat at its target."""
        target = self.board.move_to[source]
        if self.board.head_to_head(source, target):
            return self.defend_strength(target)
        return self.hold_strength(target)

    # --- decisions -------------------------------------------------------

    def move_succeeds(self, source: str) -> bool:
        board = self.board
        target = board.move_to[source]
        attack = self.attack_strength(source)
        if attack <= self.opposing_strength(source):
            return False
        for other in board.attackers[target]:
            if other != source and attack <= self.prevent_strength(other):
                return False
        return True

    def support_given(self, supporter: str) -> bool:
        board = self.board
        power = board.units[supporter].power
        for attacker in board.attackers.get(supporter, []):
            if board.units[attacker].power == power:
                continue
            if self.cannot_cut(supporter, attacker):
                if self.resolve(attacker):
                    return False  # dislodged, so cut all the same
                continue
            if attacker not in board.by_convoy or self.has_path(attacker):
                return False
        return True

    def cannot_cut(self, supporter: str, attacker: str) -> bool:
        # The unit the support is aimed at cannot cut it (only dislodge it);
        # nor can an army convoyed by a fleet the support is attacking, if
        # every route of its convoy needs that fleet.  With another route
        # the army cuts the support (DATC 6.F.19).
        board = self.board
        target = board.support_target[supporter]
        if attacker == target:
            return True
        fleets = board.convoys.get(attacker, _NO_FLEETS)
        return (
            supporter in board.move_supporters
            and target in fleets
            and attacker in board.by_convoy
            and not route_possible(
                board.graph, attacker, board.move_to[attacker], fleets - {target}
            )
        )

    def convoy_survives(self, fleet: str) -> bool:
        return not any(self.resolve(a) for a in self.board.attackers.get(fleet, []))


# The method deciding each kind of decision.  Plain functions rather than a
# resolver's bound methods: a resolver holding those would be a reference
# cycle, left for the garbage collector instead of freed when it is done.
_DECIDERS: dict[str, Callable[[Resolver, str], bool]] = {
    MOVE: Resolver.move_succeeds,
    SUPPORT: Resolver.support_given,
    CONVOY: Resolver.convoy_survives,
}
