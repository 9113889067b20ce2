"""Plain facts about a resolved movement phase, for reports and fog rules.

Everything here is read from a finished :class:`Resolver`, so no caller has
to recompute strengths: per move its attack, prevent, defend and opposing
strengths and rivals; per support whether it was void, cut (and by whom),
given and needed; per occupied province its hold strength; and the
stand-offs.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.convoys import fleets_on_routes
from adjudication.intake import Given
from adjudication.orders import SUPPORTS, Move, SupportHold, SupportMove
from adjudication.outcome import MoveFacts, MovementFacts, SupportFacts
from adjudication.resolver import Resolver


def movement_facts(
    resolver: Resolver, given: Sequence[Given], stood_off: dict[str, tuple[str, ...]]
) -> MovementFacts:
    board = resolver.board
    return MovementFacts(
        moves=tuple(
            _move_facts(resolver, g) for g in given if g.legal and isinstance(g.order, Move)
        ),
        supports=tuple(
            _support_facts(resolver, g) for g in given if g.legal and isinstance(g.order, SUPPORTS)
        ),
        hold_strength={p: resolver.hold_strength(p) for p in sorted(board.units)},
        standoffs=stood_off,
    )


def convoy_route(resolver: Resolver, source: str) -> tuple[str, ...]:
    """Fleets on an intact route carrying the army from ``source``."""
    board = resolver.board
    if source not in board.by_convoy:
        return ()
    alive = [f for f in board.convoys.get(source, ()) if resolver.result.get(f)]
    return tuple(sorted(fleets_on_routes(board.graph, source, board.move_to[source], alive)))


def _move_facts(resolver: Resolver, given: Given) -> MoveFacts:
    assert isinstance(given.order, Move)
    board, source = resolver.board, given.province
    target = board.move_to[source]
    return MoveFacts(
        source=source,
        target=given.order.target,
        power=given.power,
        via_convoy=source in board.by_convoy,
        route=convoy_route(resolver, source),
        attack=resolver.attack_strength(source),
        prevent=resolver.prevent_strength(source),
        defend=resolver.defend_strength(source),
        opposing=resolver.opposing_strength(source),
        head_to_head=board.head_to_head(source, target),
        rivals=tuple(a for a in board.attackers[target] if a != source),
        succeeded=resolver.result[source],
    )


def _cut_by(resolver: Resolver, supporter: str) -> tuple[str, ...]:
    board = resolver.board
    if supporter not in board.support_target:
        return ()
    power = board.units[supporter].power
    cutters = []
    for attacker in board.attackers.get(supporter, []):
        if board.units[attacker].power == power:
            continue
        if resolver.cannot_cut(supporter, attacker):
            if resolver.result[attacker]:
                cutters.append(attacker)
        elif attacker not in board.by_convoy or resolver.has_path(attacker):
            cutters.append(attacker)
    return tuple(cutters)


def _support_facts(resolver: Resolver, given: Given) -> SupportFacts:
    order = given.order
    assert isinstance(order, SUPPORTS)
    supporter = given.province
    void = supporter not in resolver.board.kinds
    given_ok = not void and resolver.result[supporter]
    target = order.target if isinstance(order, SupportMove) else None
    return SupportFacts(
        supporter=supporter,
        power=given.power,
        supported=order.supported,
        target=target,
        void=void,
        cut_by=_cut_by(resolver, supporter),
        given=given_ok,
        needed=given_ok and _needed(resolver, order),
    )


def _needed(resolver: Resolver, order: SupportHold | SupportMove) -> bool:
    """Would the outcome change without this one support?"""
    board = resolver.board
    if isinstance(order, SupportHold):
        hold = resolver.hold_strength(order.supported)
        attacks = [resolver.attack_strength(a) for a in board.attackers.get(order.supported, [])]
        return any(attack == hold for attack in attacks)
    source = order.supported
    attack = resolver.attack_strength(source)
    rivals = [a for a in board.attackers[board.move_to[source]] if a != source]
    if resolver.result[source]:
        barrier = max(
            [resolver.opposing_strength(source)] + [resolver.prevent_strength(r) for r in rivals]
        )
        return attack - 1 <= barrier
    prevent = resolver.prevent_strength(source)
    return any(resolver.attack_strength(r) == prevent for r in rivals)
