"""The game's members as a viewer may see them: seats, absences, the game
master's invitation requests and log."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import (
    QuerySet,
)

from common.prepared import prepared
from games.access.viewers import Viewer
from games.models import (
    Absence,
    InvitationRequest,
    LogEntry,
    Seat,
)
from postoffice.models import EmailSettings


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


def access_log(viewer: Viewer) -> QuerySet[LogEntry]:
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master reads the game log.")
    return viewer.game.log.select_related("actor")


def access_seats(viewer: Viewer) -> list[Seat]:
    """Who plays which power: everyone sees it unless the game is anonymous."""
    seats = list(viewer.game.seats.select_related("user").order_by("power", "joined"))
    if viewer.is_game_master or not viewer.game.anonymous:
        return seats
    return [seat for seat in seats if seat.user_id == viewer.user.pk]


def access_failing_addresses(viewer: Viewer) -> list[dict[str, str]]:
    """Seated players whose address bounced or complained (a provider's
    webhook, or a delivery report sent back to a reply address): their game
    email is held until they mend it. The game master only."""
    if not viewer.is_game_master:
        raise PermissionDenied("Only the game master sees whose mail is not delivered.")
    seats = {seat.user_id: seat for seat in viewer.game.active_seats().select_related("user")}
    failing = EmailSettings.objects.filter(user_id__in=seats).exclude(
        address_status=EmailSettings.AddressStatus.OK
    )
    return [failing_row(seats[row.user_id], row) for row in failing.order_by("user_id")]


def failing_row(seat: Seat, settings: EmailSettings) -> dict[str, str]:
    return {
        "power": seat.power.title(),
        "player": seat.user.get_username(),
        "status": settings.get_address_status_display().lower(),
        "detail": settings.address_detail,
    }
