"""The game's phases as a viewer may see them (never their true board), the
turn in one query, and the order sheets a viewer may read."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import (
    FilteredRelation,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.http import Http404

from common.prepared import first_of, prepared
from games.access.records import unfogged
from games.access.viewers import Viewer
from games.models import (
    Game,
    OrdersAhead,
    OrderSheet,
    Phase,
)
from games.press import rules as press_rules
from games.press.unread import unread_count


@dataclass(frozen=True)
class Turn:
    """Where a player's turn stands: the latest phase, their own order sheet
    for it, and their power's unread press."""

    phase: Phase | None
    sheet: OrderSheet | None = None
    unread: int = 0


def access_turn(viewer: Viewer) -> Turn:
    """The latest phase (as access_open_phase) and, for a player, their own
    order sheet for it (as access_own_orders) and the count of press their
    power received and has not opened (none in a game without press): one
    query, as the game page and the orders form ask them on every request."""
    if not viewer.is_player:
        return Turn(access_open_phase(viewer))
    phase = newest_phase_with_sheet.first(game_id=viewer.game.pk, power=viewer.power)
    if phase is None:  # a game forming has no phase, and no press yet
        return Turn(None)
    # Django sets own_sheet only when the join found the sheet.
    sheet = getattr(phase, "own_sheet", None)
    unread = phase.unread if press_rules.has_press(viewer.game) else 0  # type: ignore[attr-defined]
    return Turn(with_game(phase, viewer.game), sheet, unread)


@prepared
def newest_phase_with_sheet(game_id: int, power: str) -> QuerySet[Phase]:
    """newest_phase, with ``power``'s order sheet for it as ``own_sheet`` (one
    at most: a sheet is unique by phase and power) and its unread press."""
    sheet = FilteredRelation("order_sheets", condition=Q(order_sheets__power=power))
    phases = Phase.objects.filter(game_id=game_id).defer(*BOARD)
    phases = phases.annotate(own_sheet=sheet, unread=unread_count(game_id, power))
    return phases.select_related("own_sheet").order_by("-ordinal")[:1]  # type: ignore[misc]


def access_own_orders(viewer: Viewer, phase: Phase) -> OrderSheet | None:
    """The player's own order sheet for a phase; nobody else's."""
    if not viewer.is_player:
        return None
    return order_sheet.first(phase_id=phase.pk, power=viewer.power)


def access_own_orders_ahead(viewer: Viewer, phase: Phase) -> OrdersAhead | None:
    """What the player's own power kept ahead for a phase, once it opened; nobody else's."""
    if not viewer.is_player:
        return None
    rows = OrdersAhead.objects.filter(game_id=phase.game_id, power=viewer.power, opened=True)
    return rows.filter(phase_name=phase.name).first()


@prepared
def order_sheet(phase_id: int, power: str) -> QuerySet[OrderSheet]:
    return first_of(OrderSheet.objects.filter(phase_id=phase_id, power=power))


def access_order_sheets(viewer: Viewer, phase: Phase) -> list[OrderSheet]:
    """Every power's orders for a phase: the game master only, or all once unfogged."""
    if not (viewer.is_game_master or unfogged(viewer)):
        raise PermissionDenied("Only the game master sees other powers' orders.")
    return list(OrderSheet.objects.filter(phase=phase).order_by("power"))


def access_readiness(viewer: Viewer, phase: Phase) -> dict[str, dict[str, bool]] | None:
    """Who has ordered and who is ready: the game master always; players only
    in full-information games (ruling 4, docs/rulings.md); None when hidden."""
    if not (viewer.is_game_master or not viewer.game.is_fogged):
        return None
    sheets = {sheet.power: sheet for sheet in phase.order_sheets.all()}
    powers = viewer.game.active_seats().exclude(power="").values_list("power", flat=True)
    return {
        power: {
            "ordered": bool(sheets.get(power) and sheets[power].parsed),
            "ready": bool(sheets.get(power) and sheets[power].ready),
        }
        for power in sorted(powers)
    }


# A phase's true board, which never leaves the database for a player's page.
BOARD = ("position", "outcome")


def phases_without_board(game: Game) -> QuerySet[Phase]:
    """Names, deadlines and statuses: the true board never leaves the database."""
    return game.phases.defer(*BOARD)


def latest_phase(game: Game) -> Phase | None:
    return with_game(newest_phase.first(game_id=game.pk), game)


def with_game(phase: Phase | None, game: Game) -> Phase | None:
    """The phase, told the game it was read from: what reads phase.game next
    (an action's checks, say) has it without asking the database again."""
    if phase is not None:
        phase.game = game
    return phase


@prepared
def newest_phase(game_id: int) -> QuerySet[Phase]:
    phases = Phase.objects.filter(game_id=game_id).defer(*BOARD)
    return first_of(phases.order_by("-ordinal"))


def games_with_latest_phase(games: QuerySet[Game]) -> list[tuple[Game, Phase | None]]:
    """Each game beside its latest phase, in two queries however many games."""
    newest = Phase.objects.filter(game=OuterRef("pk")).order_by("-ordinal").values("pk")[:1]
    rows = list(games.annotate(latest_phase_id=Subquery(newest)))
    wanted = [game.latest_phase_id for game in rows if game.latest_phase_id is not None]
    phases = Phase.objects.defer(*BOARD).in_bulk(wanted)
    return [(game, phases.get(game.latest_phase_id)) for game in rows]


def access_phase_or_none(viewer: Viewer, ordinal: int) -> Phase | None:
    return phase_at.first(game_id=viewer.game.pk, ordinal=ordinal)


@prepared
def phase_at(game_id: int, ordinal: int) -> QuerySet[Phase]:
    phases = Phase.objects.filter(game_id=game_id, ordinal=ordinal)
    return first_of(phases.defer(*BOARD))


def access_phase(viewer: Viewer, ordinal: int) -> Phase:
    """A phase's name, deadline and status (never its position) for any member."""
    phase = access_phase_or_none(viewer, ordinal)
    if phase is None:
        raise Http404("No such phase")
    return phase


def access_open_phase(viewer: Viewer) -> Phase | None:
    """The latest phase (open, adjudicating or failed), without its board."""
    return latest_phase(viewer.game)
