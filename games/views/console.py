"""The game master's console: the full board beside any power's view, the
controls, who has ordered, and the game log."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from common import limits
from common.links import site_link
from games import access, actions
from games.access import Viewer
from games.actions.clock import set_clock_rules
from games.forms.caretakers import CaretakerForm
from games.forms.clock import ClockForm, minutes
from games.forms.console import (
    DeadlineForm,
    EndForm,
    ExtendForm,
    PressSwitchForm,
    ProcessForm,
    SpectatorsForm,
    UnfogForm,
)
from games.forms.seats import (
    AssignForm,
    InvitationDecisionForm,
    InviteForm,
    OpenSeatForm,
    ReplaceForm,
    SeatRulesForm,
)
from games.models import Game, Phase
from games.press.rules import has_press
from games.replies.addresses import reply_address_of_game_master
from games.views import phase_guard
from games.views.decorators import game_master_action
from games.views.play import record_context
from standing.console import figures_by_user, replacements

LOG_LINES_ON_CONSOLE = 30
PRESS_ON_CONSOLE = 5


@login_required
def console(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game_as_master(request.user, game_id)
    power = request.GET.get("power", "")
    power = power if power in viewer.game.powers else ""
    phase = live_phase(viewer)
    context = {
        "game": viewer.game,
        "viewer": viewer,
        "phase": phase,
        "full": record_context(viewer, access.access_current_knowledge(viewer, ""), ""),
        "side": record_context(viewer, access.access_current_knowledge(viewer, power), power),
        "side_power": power,
        "powers": viewer.game.powers,
        "seats": access.access_seats(viewer),
        "failing_addresses": access.access_failing_addresses(viewer),
        **standing_context(viewer),
        "invitations": viewer.game.invitations.select_related("for_account").order_by("-created"),
        "invitation_requests": access.access_invitation_requests(viewer),
        "readiness": access.access_readiness(viewer, phase) if phase else None,
        "sheets": access.access_order_sheets(viewer, phase) if phase else [],
        "log": access.access_log(viewer)[:LOG_LINES_ON_CONSOLE],
        # Links to share go out under the site's address, as email links do.
        "join_url": site_link("join", viewer.game.join_token),
        "watch_url": site_link("game", viewer.game.pk),
        "press": latest_press(viewer),
        "proposal": access.access_proposal_of_ballots(viewer),
        "ballots": access.access_ballots(viewer),
        "absences": access.access_absences(viewer),
        "email_commands_address": reply_address_of_game_master(viewer.game),
        **console_forms(viewer),
    }
    return render(request, "games/console.html", context)


def live_phase(viewer: Viewer) -> Phase | None:
    """The phase the console runs: none once the game has finished (its last
    phase stays "open" in the table, but no deadline, readiness or orders
    are live any more)."""
    if viewer.game.status == Game.Status.FINISHED:
        return None
    return access.access_open_phase(viewer)


def latest_press(viewer: Viewer) -> list[access.PressLine] | None:
    """The newest messages with true senders; None in a gunboat game (no press card)."""
    if not has_press(viewer.game):
        return None
    return access.access_press(viewer, limit=PRESS_ON_CONSOLE)


def console_forms(viewer: Viewer) -> dict[str, object]:
    return {
        "invite_form": InviteForm(),
        "assign_form": AssignForm(),
        "deadline_form": DeadlineForm(),
        "extend_form": ExtendForm(),
        "replace_form": ReplaceForm(powers=viewer.game.powers),
        "end_form": EndForm(),
        "unfog_form": UnfogForm(initial={"unfog": viewer.game.unfog_when_finished}),
        "spectators_form": SpectatorsForm(initial={"allowed": viewer.game.spectators_allowed}),
        "open_seat_form": OpenSeatForm(powers=viewer.game.powers),
        "caretaker_form": CaretakerForm(powers=viewer.game.powers),
        "seat_rules_form": seat_rules_form(viewer),
        "open_seats": viewer.game.open_seats.filter(taken__isnull=True).order_by("power"),
        "clock_form": ClockForm(initial=ClockForm.initial_of(viewer.game)),
    }


def standing_context(viewer: Viewer) -> dict[str, Any]:
    """The reliability of each player and applicant, and, with a seat open,
    players who meet the game's minimum to offer it to (docs/standing.md)."""
    game = viewer.game
    seats = access.access_seats(viewer)
    asking = access.access_invitation_requests(viewer)
    people = [seat.user_id for seat in seats] + [asked.user_id for asked in asking]
    suggested = []
    if game.open_seats.filter(taken__isnull=True).exists():
        not_these = [*people, game.game_master_id]
        suggested = replacements(game.pk, not_these, game.min_reliability, game.min_rating)
    figures = figures_by_user(people) | {row.user_id: row for row in suggested}
    return {"standing": figures, "replacements": suggested}


def seat_rules_form(viewer: Viewer) -> SeatRulesForm:
    game = viewer.game
    hours = game.newcomer_extension_minutes / 60
    initial = {
        "in_lobby": game.in_lobby,
        "min_reliability": game.min_reliability,
        "min_rating": game.min_rating,
        "open_seat_after": game.open_seat_after,
        "newcomer_extension": f"{hours:g}h" if hours else "0",
    }
    return SeatRulesForm(initial=initial)


@login_required
def game_log(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = access.access_game_as_master(request.user, game_id)
    context = {"game": viewer.game, "log": access.access_log(viewer)}
    return render(request, "games/log.html", context)


def _cleaned(form_class: type[forms.Form], request: HttpRequest, **options: Any) -> dict[str, Any]:
    """The posted form's data, or an ActionError naming every problem in it."""
    form = form_class(request.POST, **options)
    if form.is_valid():
        return dict(form.cleaned_data)
    raise _refusal(form)


def _refusal(form: forms.Form) -> actions.ActionError:
    errors = form.errors
    text = "; ".join(str(message) for messages in errors.values() for message in messages)
    return actions.ActionError(text or "Please check the form.")


@game_master_action
def invite(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(InviteForm, request)
    limits.count_and_check(limits.INVITATION, limits.by_person(request))
    invitation = actions.invite(viewer.game, request.user, data["email"])
    return f"Invitation for {invitation.email} created."


@game_master_action
def invitation_request(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(InvitationDecisionForm, request)
    if data["decision"] == "approve":
        invitation = actions.approve_invitation_request(viewer.game, request.user, data["request"])
        return f"The invitation for {invitation.email} is given to {invitation.for_account}."
    actions.refuse_invitation_request(viewer.game, request.user, data["request"])
    return "The request is refused."


@game_master_action
def assign(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(AssignForm, request)
    by_preference = data["method"] == "preference"
    actions.assign_powers(viewer.game, request.user, by_preference=by_preference)
    return "Powers assigned."


@game_master_action
def start(request: HttpRequest, viewer: Viewer) -> str:
    phase = actions.start_game(viewer.game, request.user)
    return f"The game has started: {phase.label}."


@game_master_action
def set_deadline(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(DeadlineForm, request)
    actions.set_deadline(viewer.game, request.user, data["deadline"])
    return "Deadline set."


@game_master_action
def extend(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(ExtendForm, request)
    actions.extend_deadline(viewer.game, request.user, data["by"])
    return "Deadline extended."


@game_master_action
def clock(request: HttpRequest, viewer: Viewer) -> str:
    form = ClockForm(request.POST, fogged=viewer.game.is_fogged)
    if not form.is_valid():
        raise _refusal(form)
    set_clock_rules(viewer.game, request.user, **form.clock_rules())
    return "Clock rules saved; they apply from the next deadline."


@game_master_action
def pause(request: HttpRequest, viewer: Viewer) -> str:
    actions.pause_game(viewer.game, request.user)
    return "The game is paused; the clock is stopped."


@game_master_action
def resume(request: HttpRequest, viewer: Viewer) -> str:
    actions.resume_game(viewer.game, request.user)
    return "The game is running again."


@game_master_action
def process(request: HttpRequest, viewer: Viewer) -> str:
    phase = access.access_open_phase(viewer)
    if phase is None:
        raise actions.ActionError("There is no phase to process.")
    stale = phase_guard.moved_on(request, phase)
    if stale:
        raise actions.ActionError(f"{stale} Nothing was processed.")
    _cleaned(ProcessForm, request)
    actions.process_now(phase, request.user)
    return f"{phase.label} is being adjudicated."


@game_master_action
def retry(request: HttpRequest, viewer: Viewer) -> str:
    phase = access.access_open_phase(viewer)
    if phase is None:
        raise actions.ActionError("There is no phase to retry.")
    actions.retry_failed_phase(phase, request.user)
    return f"{phase.label} is being adjudicated again."


@game_master_action
def replace(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(ReplaceForm, request, powers=viewer.game.powers)
    power = data["power"]
    seat = viewer.game.active_seats().filter(power=power).first()
    if seat is not None:
        actions.replace_player(viewer.game, request.user, seat, data["username"])
    elif viewer.game.open_seats.filter(power=power, taken__isnull=True).exists():
        actions.give_seat(viewer.game, request.user, power, data["username"])
    else:
        raise actions.ActionError(f"Nobody plays {power.title()}.")
    return f"{power.title()} has a new player."


@game_master_action
def open_seat(request: HttpRequest, viewer: Viewer) -> str:
    power = _cleaned(OpenSeatForm, request, powers=viewer.game.powers)["power"]
    actions.open_seat(viewer.game, request.user, power)
    return f"The seat of {power.title()} is open; the lobby lists it."


@game_master_action
def seat_rules(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(SeatRulesForm, request)
    extension = timedelta(minutes=minutes(data["newcomer_extension"], timedelta(0)))
    minimum = (data["min_reliability"], data["min_rating"])
    actions.set_seat_rules(
        viewer.game, request.user, data["open_seat_after"], extension, data["in_lobby"], minimum
    )
    return "Seat settings saved."


@game_master_action
def end(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(EndForm, request)
    actions.end_game(viewer.game, request.user, data["result"])
    return "The game has ended."


@game_master_action
def unfog(request: HttpRequest, viewer: Viewer) -> str:
    data = _cleaned(UnfogForm, request)
    actions.set_unfog_when_finished(viewer.game, request.user, data["unfog"])
    return "Saved."


@game_master_action
def spectators(request: HttpRequest, viewer: Viewer) -> str:
    allowed = _cleaned(SpectatorsForm, request)["allowed"]
    actions.set_spectators_allowed(viewer.game, request.user, allowed)
    return "Anyone signed in may watch." if allowed else "Only members see the game."


@game_master_action
def press_switch(request: HttpRequest, viewer: Viewer) -> str:
    open_ = _cleaned(PressSwitchForm, request)["open"]
    actions.set_press_open(viewer.game, request.user, open_)
    return "Press is open." if open_ else "Press is closed until you open it again."
