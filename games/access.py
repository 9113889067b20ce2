"""The only road from the database to anything a player sees.

For a (user, game) this module decides the role and hands out the knowledge
records that role may read (docs/knowledge-record.md), never the true board:

* the game master reads the full record ("" power) and any power's records,
  and sees who has ordered and who is ready;
* a player reads their own power's records and their own orders;
* an observer (a member without a power: not yet assigned, or replaced) reads
  the record of a power with no units;
* a spectator (signed in, no part in the game, where the game master lets
  non-members watch) reads what an observer reads, on the pages that only
  show (access_game_to_watch); every other page answers 404 as to a stranger;
* a stranger gets 404, as if the game did not exist.

When a game has finished, players, observers and spectators may also read
the full records and every power's, unless the game master turned that off.
Every branch has a test in tests/web/test_it_enforces_access_rules.py (the
spectator's in tests/watch/).

Votes: a player sees the open proposal (never who made it), their own
ballot and the last outcome; only the game master reads every ballot.

Press: the game master reads every message with its true sender; a player
reads the messages their power received or sent, each sender shown exactly as
signed (the true sender only on their own), grouped into threads by what
their power sees of each message (ruling 28), with their power's own unread
counts; an observer reads none. The press tests are in
tests/web/test_it_*press*.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, cast

from django.core.exceptions import PermissionDenied
from django.core.paginator import Page
from django.db.models import (
    Case,
    F,
    FilteredRelation,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    When,
)
from django.http import Http404

from adjudication.record import Knowledge, parse_optional, parse_record
from adjudication.vocabulary import SETUP
from games import gateway
from games.models import (
    GAME_MASTER_POWER,
    OBSERVER_POWER,
    Absence,
    Game,
    InvitationRequest,
    KnowledgeRecord,
    LogEntry,
    OrderSheet,
    Phase,
    PressMessage,
    PressRecipient,
    Seat,
)
from games.prepared import first_of, prepared
from games.press import pages as press_pages
from games.press import rules as press_rules
from games.press.unread import unread_count
from games.records import newest_record, record_at, records_of, told_record_at, told_records
from games.votes.models import Ballot, Proposal


class Role(StrEnum):
    GAME_MASTER = "game master"
    PLAYER = "player"
    OBSERVER = "observer"
    SPECTATOR = "spectator"
    STRANGER = "stranger"


@dataclass(frozen=True)
class Viewer:
    """Who is looking at a game, and as which power."""

    user: Any
    game: Game
    role: Role
    power: str = ""
    seat: Seat | None = None  # a player's current seat, the one their power is from

    @property
    def is_game_master(self) -> bool:
        return self.role is Role.GAME_MASTER

    @property
    def is_player(self) -> bool:
        return self.role is Role.PLAYER

    @property
    def is_spectator(self) -> bool:
        return self.role is Role.SPECTATOR

    @property
    def own_record_key(self) -> str:
        """Whose records this viewer reads by default."""
        if self.role is Role.GAME_MASTER:
            return GAME_MASTER_POWER
        return self.power if self.role is Role.PLAYER else OBSERVER_POWER


def role_of(user: Any, game: Game) -> tuple[Role, str]:
    """The user's role, and for a player their power."""
    role, seat = role_and_seat(user, game)
    return role, seat.power if seat else ""


def role_and_seat(
    user: Any, game: Game, seat_read: Callable[[], Seat | None] | None = None
) -> tuple[Role, Seat | None]:
    """The user's role, and for a player the seat that gives it: the seat
    ``seat_read`` gives (read with the game), else current_seat's."""
    if not signed_in(user):
        return Role.STRANGER, None
    if game.game_master_id == user.pk:
        return Role.GAME_MASTER, None
    if seat_read is None:
        current = current_seat.first(game_id=game.pk, user_id=user.pk)
    else:
        current = seat_read()
    if current is not None:
        return Role.PLAYER, current
    seats = Seat.objects.filter(game=game, user=user)
    return (Role.OBSERVER, None) if seats.exists() else (Role.STRANGER, None)


def signed_in(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def playing_seats(user_id: int, via: str = "") -> Q:
    """A member's seats they play from: not replaced, with a power (``via``: the
    lookup's path to the seats, from another model)."""
    member = Q(**{f"{via}user_id": user_id})
    return member & ~Q(**{f"{via}status": Seat.Status.REPLACED}) & ~Q(**{f"{via}power": ""})


@prepared
def current_seat(game_id: int, user_id: int) -> QuerySet[Seat]:
    """The seat a member plays from (the first by power, as Seat orders them)."""
    return first_of(Seat.objects.filter(playing_seats(user_id), game_id=game_id))


SEAT_ORDER = tuple(str(field) for field in Seat._meta.ordering or ())


@prepared
def game_and_seat(game_id: int, user_id: int) -> QuerySet[Game]:
    """The game with, as ``playing_seat``, the seat current_seat would give
    (no such attribute when there is none): one query where every game page
    asked two."""
    seat = FilteredRelation("seats", condition=playing_seats(user_id, via="seats__"))
    games = Game.objects.filter(pk=game_id).annotate(playing_seat=seat)
    # As Seat orders them (its Meta.ordering), as current_seat's first_of does.
    ordered = games.order_by(*(f"playing_seat__{field}" for field in SEAT_ORDER))
    return ordered.select_related("playing_seat")[:1]  # type: ignore[misc]


def access_game(user: Any, game_id: int) -> Viewer:
    """The viewer of a game; 404 for anyone with no part in it."""
    return viewer_or_404(user, game_id, watching=False)


def access_game_to_watch(user: Any, game_id: int) -> Viewer:
    """For pages that only show: a member's viewer, or a spectator's where non-members
    may watch; 404 otherwise, as for a missing game (docs/lifecycle.md, "Spectators")."""
    return viewer_or_404(user, game_id, watching=True)


def access_loaded_game(user: Any, game: Game) -> Viewer:
    """access_game for a game already read: an outbox row's, read with the row."""
    return viewer_of(user, game, watching=False)


@prepared
def game_by_id(game_id: int) -> QuerySet[Game]:
    return first_of(Game.objects.filter(pk=game_id))


def viewer_or_404(user: Any, game_id: int, watching: bool) -> Viewer:
    if not signed_in(user):
        return viewer_of(user, game_or_404(game_by_id.first(game_id=game_id)), watching)
    game = game_or_404(game_and_seat.first(game_id=game_id, user_id=user.pk))
    # Django sets playing_seat only when the join found a seat.
    role, seat = role_and_seat(user, game, lambda: getattr(game, "playing_seat", None))
    return viewer_from(user, game, role, seat, watching)


def game_or_404(game: Game | None) -> Game:
    if game is None:
        raise Http404("No such game")
    return game


def viewer_of(user: Any, game: Game, watching: bool) -> Viewer:
    role, seat = role_and_seat(user, game)
    return viewer_from(user, game, role, seat, watching)


def viewer_from(user: Any, game: Game, role: Role, seat: Seat | None, watching: bool) -> Viewer:
    if role is Role.STRANGER and watching and may_watch(user, game):
        role = Role.SPECTATOR
    if role is Role.STRANGER:
        raise Http404("No such game")
    return Viewer(user, game, role, seat.power if seat else "", seat)


def may_watch(user: Any, game: Game) -> bool:
    """Watching needs an account (ruling in docs/lifecycle.md) and the game master's leave."""
    return game.spectators_allowed and signed_in(user)


def access_game_as_master(user: Any, game_id: int) -> Viewer:
    """The game master's viewer; members who are not the game master get 403."""
    viewer = access_game(user, game_id)
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master can do that.")
    return viewer


def unfogged(viewer: Viewer) -> bool:
    """A finished game's whole history is open to whoever may see the game, unless turned off."""
    game = viewer.game
    return game.status == Game.Status.FINISHED and game.unfog_when_finished


def record_key(viewer: Viewer, power: str | None = None) -> str:
    """Which records a viewer asking for ``power`` may read; 404 when none."""
    wanted = viewer.own_record_key if power is None else power
    if viewer.is_game_master or wanted == viewer.own_record_key:
        return wanted
    if unfogged(viewer) and (wanted == GAME_MASTER_POWER or wanted in viewer.game.powers):
        return wanted
    raise Http404("No such record")


def replay_open(viewer: Viewer) -> bool:
    """The replay and the centre chart exist only after the end, and only when
    the game master lets the fog lift (for the game master: at the end)."""
    finished = viewer.game.status == Game.Status.FINISHED
    return unfogged(viewer) or (finished and viewer.is_game_master)


def require_replay(viewer: Viewer) -> None:
    """Before the replay opens, its pages answer 404, as for a page that does not exist."""
    if not replay_open(viewer):
        raise Http404("No such page")


def access_replay_steps(viewer: Viewer) -> list[tuple[int, str]]:
    """Each recorded step of the game, (ordinal, phase name), without a record's data."""
    require_replay(viewer)
    rows = records_of(viewer.game, GAME_MASTER_POWER).values_list("ordinal", "phase__name")
    return [(ordinal, name or SETUP) for ordinal, name in rows]


def access_centre_history(viewer: Viewer) -> list[tuple[str, dict[str, int]]]:
    """Each power's centres at the start and after every adjustment phase (and
    at the last step), counted from the true records: the replay only."""
    require_replay(viewer)
    records = records_of(viewer.game, GAME_MASTER_POWER)
    chosen = records.filter(Q(phase__isnull=True) | Q(phase__name__endswith="A"))
    rows = list(chosen.values_list("ordinal", "data"))
    last = records.last()
    if last is not None:
        rows.append((last.ordinal, last.data))
    steps = dict(sorted(rows))  # the last step is counted once, also when it is an adjustment
    return [(year_of(data["phase"]), centre_counts(data)) for data in steps.values()]


def year_of(phase: str) -> str:
    """1901 for S1901M; the opening position is labelled "start"."""
    return "start" if phase == SETUP else phase[1:-1]


def centre_counts(record: dict[str, Any]) -> dict[str, int]:
    return {power: len(centres) for power, centres in record.get("centers", {}).items()}


@dataclass(frozen=True)
class PublicCentres:
    """What the game's rule set tells everyone of the supply centres
    (``gateway.centres_published``), and so what an observer may be shown."""

    published: str  # "owners", "totals" or "none"
    totals: str = ""  # under "totals": the latest told, "5, 4, 3, ..."
    told_in: str = ""  # the phase whose record told them (W1898A)


def access_public_centres(viewer: Viewer) -> PublicCentres:
    """Read from the viewer's own records: the latest adjustment record
    carries the totals where the rule set publishes them."""
    published = gateway.centres_published(viewer.game.preset)
    if published != "totals":
        return PublicCentres(published)
    winters = access_records(viewer).filter(phase__name__endswith="A")
    latest = winters.order_by("-ordinal").only("data").first()
    if latest is None:
        return PublicCentres(published)
    knowledge = parse_record(latest.data)
    return PublicCentres(published, gateway.centre_totals_in(knowledge.messages), knowledge.phase)


def access_records(viewer: Viewer, power: str | None = None) -> QuerySet[KnowledgeRecord]:
    """Every record the viewer may read for ``power`` (default: their own), oldest first."""
    return records_of(viewer.game, record_key(viewer, power))


def access_current_record(viewer: Viewer, power: str | None = None) -> dict[str, Any] | None:
    record = newest_record.first(game_id=viewer.game.pk, power=record_key(viewer, power))
    return record.data if record else None


def access_current_knowledge(viewer: Viewer, power: str | None = None) -> Knowledge | None:
    """The viewer's current record, typed (adjudication.record)."""
    return parse_optional(access_current_record(viewer, power))


def access_recent_knowledge(viewer: Viewer, count: int) -> list[tuple[int, Knowledge]]:
    """The viewer's own latest ``count`` records, newest first, with their ordinals."""
    rows = records_of(viewer.game, record_key(viewer, None)).order_by("-ordinal")[:count]
    return [(row.ordinal, parse_record(row.data)) for row in rows]


def access_record_at(viewer: Viewer, ordinal: int, power: str | None = None) -> dict[str, Any]:
    record = record_at.first(
        game_id=viewer.game.pk, power=record_key(viewer, power), ordinal=ordinal
    )
    if record is None:
        raise Http404("No such record")
    return record.data


def access_history(viewer: Viewer, power: str | None = None) -> QuerySet[KnowledgeRecord]:
    """The records the history shows, oldest first: each phase as its
    adjudication told it, so a board edit made later never rewrites a past
    phase's page (docs/lifecycle.md, "Board edits")."""
    return told_records(viewer.game, record_key(viewer, power))


def access_history_at(viewer: Viewer, ordinal: int, power: str | None = None) -> dict[str, Any]:
    """One phase of the history, as access_history reads it; 404 when none."""
    key = record_key(viewer, power)
    record = told_record_at.first(game_id=viewer.game.pk, power=key, ordinal=ordinal)
    if record is None:
        raise Http404("No such record")
    return record.data


def access_record_of_phase(viewer: Viewer, phase: str) -> dict[str, Any] | None:
    """The viewer's own record of a phase by its code (``S1901M``), as the
    history shows it (as the phase told it); None when it has none (GET MAP
    <phase> by email)."""
    # Asked of the database: reading every record to find one grew with the game.
    rows = access_history(viewer).filter(data__phase=phase).order_by("-ordinal")
    record = rows.only("data").first()
    return record.data if record else None


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


@prepared
def order_sheet(phase_id: int, power: str) -> QuerySet[OrderSheet]:
    return first_of(OrderSheet.objects.filter(phase_id=phase_id, power=power))


def access_own_absences(viewer: Viewer) -> list[Absence]:
    """A player's own declared absences; who else is away is never shown."""
    if not viewer.is_player:
        return []
    return own_absences(game_id=viewer.game.pk, user_id=viewer.user.pk, power=viewer.power)


@prepared
def own_absences(game_id: int, user_id: int, power: str) -> QuerySet[Absence]:
    rows = Absence.objects.filter(game_id=game_id, user_id=user_id, power=power)
    return rows.order_by("first_day", "id")


def access_absences(viewer: Viewer) -> list[Absence]:
    """Every player's absences, with who: the game master only."""
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master sees who is away.")
    return list(viewer.game.absences.select_related("user").order_by("first_day", "id"))


def access_invitation_requests(viewer: Viewer) -> list[InvitationRequest]:
    """Accounts asking to take an invitation, waiting for an answer: the game master only."""
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master answers requests for invitations.")
    waiting = InvitationRequest.objects.filter(
        invitation__game=viewer.game, status=InvitationRequest.Status.PENDING
    )
    return list(waiting.select_related("invitation", "user").order_by("created", "id"))


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


def access_log(viewer: Viewer) -> QuerySet[LogEntry]:
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master reads the game log.")
    return viewer.game.log.select_related("actor")


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


def access_seats(viewer: Viewer) -> list[Seat]:
    """Who plays which power: everyone sees it unless the game is anonymous."""
    seats = list(viewer.game.seats.select_related("user").order_by("power", "joined"))
    if viewer.is_game_master or not viewer.game.anonymous:
        return seats
    return [seat for seat in seats if seat.user_id == viewer.user.pk]


def access_open_phase(viewer: Viewer) -> Phase | None:
    """The latest phase (open, adjudicating or failed), without its board."""
    return latest_phase(viewer.game)


def games_of(user: Any) -> QuerySet[Game]:
    """The games a user runs or plays in."""
    return Game.objects.filter(membership(user.pk)).distinct()


def membership(user_id: int) -> Q:
    """Games the user runs or plays in (from a seat not replaced), as a filter."""
    playing = Seat.objects.filter(user_id=user_id).exclude(status=Seat.Status.REPLACED)
    return Q(game_master_id=user_id) | Q(pk__in=playing.values("game"))


@dataclass(frozen=True)
class PressLine:
    """One press message as one viewer may see it."""

    sender: str  # as signed: a power's name or "Anonymous"
    true_sender: str  # "" unless the viewer is the game master or the sender
    to: str  # "Everyone" or the receiving powers' names
    body: str
    phase_label: str
    created: datetime
    outgoing: bool
    thread: str = ""  # the thread it sits in for a player (games.press.threads); "" otherwise
    unread: bool = False  # received, and its thread not opened since

    def as_json(self) -> dict[str, Any]:
        fields = ["sender", "true_sender", "to", "body", "phase_label", "outgoing"]
        fields += ["thread", "unread"]
        return {name: getattr(self, name) for name in fields} | {
            "created": self.created.isoformat()
        }


def require_press(viewer: Viewer) -> None:
    if not press_rules.has_press(viewer.game):
        raise Http404("This game has no press")


def readable_press(viewer: Viewer) -> QuerySet[PressMessage]:
    """The game master: every message; a player: what their power received or
    sent; an observer: nothing. One indexed lookup on the recipient rows."""
    if viewer.is_player:
        return press_pages.player_press(viewer.game.pk, viewer.power)
    messages = PressMessage.objects.filter(game=viewer.game)
    return messages if viewer.is_game_master else messages.none()


def access_press(
    viewer: Viewer, correspondent: str = "", limit: int | None = None
) -> list[PressLine]:
    """The viewer's press, newest first (the ``limit`` newest if given);
    ``correspondent`` keeps one conversation (see with_correspondent)."""
    messages = press_messages(viewer, correspondent)
    return [press_line(viewer, message) for message in messages[:limit]]


def access_press_page(
    viewer: Viewer, correspondent: str, number: Any, size: int
) -> Page[PressLine]:
    """One page of the viewer's press, newest first: a long game's press costs a
    page, not all of it. Past the last page gives the last. A player's first
    page is read by a query compiled once (games.press.pages)."""
    require_press(viewer)
    first = first_press_page(viewer, correspondent) if size == press_pages.PRESS_PAGE_SIZE else None
    found = press_pages.page_of(lambda: press_messages(viewer, correspondent), size, number, first)
    lines = [press_line(viewer, message) for message in found.object_list]
    return Page(lines, found.number, cast(Any, found.paginator))


def first_press_page(viewer: Viewer, correspondent: str) -> Callable[[], list[PressMessage]] | None:
    """The first page of press_messages, by a query compiled once: a player's only."""
    if not viewer.is_player:
        return None
    game_id, power = viewer.game.pk, viewer.power
    if correspondent:
        found = press_pages.first_page_with
        return lambda: found(game_id=game_id, power=power, correspondent=correspondent)
    return lambda: press_pages.first_page(game_id=game_id, power=power)


def press_messages(viewer: Viewer, correspondent: str) -> QuerySet[PressMessage]:
    require_press(viewer)
    messages = readable_press(viewer)
    if correspondent:
        messages = messages.filter(with_correspondent(viewer, correspondent)).distinct()
    return press_pages.newest_first(messages.prefetch_related("recipients"))


def with_correspondent(viewer: Viewer, power: str) -> Q:
    """A player's conversation with ``power``: what they sent it and what came
    signed with its name. The game master's: what ``power`` truly sent or received."""
    if viewer.is_game_master:
        return Q(sender_power=power) | Q(recipients__power=power)
    return press_pages.player_conversation(viewer.power, power)


def access_press_message(viewer: Viewer, token: str) -> PressLine:
    require_press(viewer)
    message = readable_press(viewer).filter(token=token).first()
    if message is None:
        raise Http404("No such message")
    return press_line(viewer, message)


def press_line(viewer: Viewer, message: PressMessage) -> PressLine:
    outgoing = viewer.is_player and message.sender_power == viewer.power
    own_row = None if outgoing else own_recipient_row(viewer, message)
    return PressLine(
        sender=press_rules.sender_label(message.shown_as),
        true_sender=true_sender(viewer, message, outgoing),
        to=recipients_label(message),
        body=message.body,
        phase_label=message.phase.label if message.phase else "",
        created=message.created,
        outgoing=outgoing,
        thread=message.sender_thread if outgoing else (own_row.thread if own_row else ""),
        unread=own_row is not None and own_row.read_at is None,
    )


def own_recipient_row(viewer: Viewer, message: PressMessage) -> PressRecipient | None:
    """The player's own row of a message received (from the prefetched rows)."""
    if not viewer.is_player:
        return None
    rows = [row for row in message.recipients.all() if row.power == viewer.power]
    return rows[0] if rows else None


def true_sender(viewer: Viewer, message: PressMessage, outgoing: bool) -> str:
    if outgoing:
        return "you"
    if not viewer.is_game_master:
        return ""
    sender = message.sender_power.title() or "Game master"
    return f"{sender} ({message.sender_user or 'nobody'})"


def recipients_label(message: PressMessage) -> str:
    if message.broadcast:
        return "Everyone"
    return ", ".join(recipient.power.title() for recipient in message.recipients.all())


def access_press_powers(viewer: Viewer) -> list[str]:
    """The powers a player may write to: every power with a player. Where a
    message need not be signed, the sender's own power too: a list naming
    everyone but the sender would give the sender away."""
    powers = press_rules.powers_in_game(viewer.game)
    if len(access_press_signatures(viewer)) > 1:
        return powers
    return [power for power in powers if power != viewer.power]


def access_press_signatures(viewer: Viewer) -> list[str]:
    """Whom the player's messages may claim to come from, their own power first."""
    return press_rules.allowed_shown_as(viewer.game, viewer.power)


@dataclass(frozen=True)
class VoteView:
    """The draw or concession vote as one viewer may see it."""

    open_proposal: str  # "" when none is open; never names the proposer
    own_ballot: bool | None  # the viewer's power's vote, None if not cast
    can_vote: bool
    last_outcome: str  # "a draw among all surviving powers: did not pass", or ""


def access_vote(viewer: Viewer) -> VoteView:
    game = viewer.game
    current, decided = open_and_last_decided(game)
    own = None
    if current is not None and viewer.is_player:
        ballot = current.ballots.filter(power=viewer.power).first()
        own = ballot.yes if ballot else None
    return VoteView(
        open_proposal=current.describe() if current else "",
        own_ballot=own,
        can_vote=viewer.is_player and game.status == Game.Status.ACTIVE,
        last_outcome=f"{decided.describe()}: {decided.get_status_display().lower()}"
        if decided
        else "",
    )


def open_and_last_decided(game: Game) -> tuple[Proposal | None, Proposal | None]:
    """The open proposal and the last decided one, in one query: at most one
    is open at a time, so the open one (if any) and the newest decided one are
    among the first two rows with the open one first."""
    first_two = open_then_decided(game_id=game.pk)
    current = next((row for row in first_two if row.status == Proposal.Status.OPEN), None)
    decided = next((row for row in first_two if row.status != Proposal.Status.OPEN), None)
    return current, decided


@prepared
def open_then_decided(game_id: int) -> QuerySet[Proposal]:
    is_open = Case(When(status=Proposal.Status.OPEN, then=0), default=1)
    rows = Proposal.objects.filter(game_id=game_id).annotate(closed=is_open)
    return rows.order_by("closed", F("decided").desc(nulls_last=True), "-id")[:2]


def access_ballots(viewer: Viewer) -> list[Ballot]:
    """Every ballot on the open or last proposal, with who proposed it: the game master only."""
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master reads the ballots.")
    proposal = Proposal.objects.filter(game=viewer.game).first()
    return list(proposal.ballots.all()) if proposal else []


def access_proposal_of_ballots(viewer: Viewer) -> Proposal | None:
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master reads the ballots.")
    return Proposal.objects.filter(game=viewer.game).first()
