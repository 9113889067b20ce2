"""The battle's pages: the game master's console and set-up, a side's page, the pictures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from adjudication.battle.knowledge import SideRecord
from adjudication.battle.verify import report_lines
from battles import access, actions, shares
from battles.access import BattleViewer
from battles.actions.end import ENDED
from battles.activation_form import TokenActivationForm
from battles.forms import (
    ActivationForm,
    BattleForm,
    EditTokenForm,
    EndBattleForm,
    ExtendForm,
    MessageForm,
    OverrideForm,
    PressForm,
    SidePlayerForm,
    TerrainForm,
    TokenForm,
    TokenPlayerForm,
)
from battles.models import Battle
from battles.pictures import picture_png
from battles.preview import preview_data
from common.errors import ActionError

CONSOLE_LOG_LINES = 40


@login_required
def battle_list(request: HttpRequest) -> HttpResponse:
    battles = access.access_my_battles(request.user)
    return render(request, "battles/list.html", {"battles": battles})


@login_required
def create_battle(request: HttpRequest) -> HttpResponse:
    form = BattleForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            battle = actions.create_battle(request.user, form.settings())
        except ActionError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{battle.name} is created: set the terrain, place tokens.")
            return redirect("battle_console", battle.pk)
    return render(request, "battles/create.html", {"form": form})


def token_names(battle: Battle) -> list[str]:
    return list(battle.tokens.values_list("name", flat=True))


def console_forms(battle: Battle, bound: dict[str, forms.Form] | None = None) -> dict[str, Any]:
    """Every form of the console, empty, or as typed where one failed (``bound``)."""
    sides = battle.side_names()
    terrain = actions.terrain_text(battle.terrain)
    empty: dict[str, forms.Form] = {
        "terrain_form": TerrainForm(initial={"terrain": terrain}),
        "token_form": TokenForm(sides=sides),
        "side_form": SidePlayerForm(sides=sides),
        "control_form": TokenPlayerForm(tokens=token_names(battle)),
        "extend_form": ExtendForm(),
        "override_form": OverrideForm(initial={"number": battle.dice_position}),
        "edit_form": EditTokenForm(),
        "end_form": EndBattleForm(sides=sides),
        "press_form": PressForm(initial={"press": battle.press}),
        "message_form": MessageForm(recipients=sides),
    }
    return {**empty, **(bound or {})}


@login_required
def console(request: HttpRequest, battle_id: int) -> HttpResponse:
    viewer = access.access_battle_as_master(request.user, battle_id)
    return _console(request, viewer, {})


def _console(
    request: HttpRequest, viewer: BattleViewer, bound: dict[str, forms.Form]
) -> HttpResponse:
    battle = viewer.battle
    looked = request.GET.get("side", "")
    side_view = access.access_battle(request.user, battle.pk, looked) if looked else None
    record = access.access_record(viewer)
    side_record = access.access_record(side_view) if side_view else None
    context = {
        "battle": battle,
        "viewer": viewer,
        "record": record,
        "record_rows": _rows(viewer, record),
        "side_view": side_view,
        "side_record": side_record,
        "side_rows": _rows(side_view, side_record) if side_view else [],
        "sides": battle.sides.all(),
        "tokens": battle.tokens.all(),
        "known_players": access.known_players(request.user),
        "turn": battle.open_turn(),
        "turns": access.access_own_turns(viewer).order_by("-number"),
        "rolls": access.access_rolls(viewer),
        "log": access.access_log(viewer)[:CONSOLE_LOG_LINES],
        "battle_messages": access.access_messages(viewer),
        **console_forms(battle, bound),
    }
    status = 400 if bound else 200
    return render(request, "battles/console.html", context, status=status)


def _rows(viewer: BattleViewer, record: SideRecord | None) -> list[Any]:
    """The record's tokens with their stats as they fight (character bonuses in)."""
    return access.record_rows(record, access.access_character_bonuses(viewer, record))


def _console_post(
    build: Callable[[Battle, Any], forms.Form], name: str, act: Callable[[Battle, Any, Any], str]
) -> Callable[..., HttpResponse]:
    """A console control: the game master's form, read, then acted on; a failure keeps
    what was typed and says why beside it."""

    @login_required
    @require_POST
    def view(request: HttpRequest, battle_id: int) -> HttpResponse:
        viewer = access.access_battle_as_master(request.user, battle_id)
        battle = viewer.battle
        form = build(battle, request.POST)
        if form.is_valid():
            try:
                messages.success(request, act(battle, request.user, form))
                return redirect("battle_console", battle.pk)
            except ActionError as error:
                form.add_error(None, str(error))
        return _console(request, viewer, {name: form})

    return view


def _set_terrain(battle: Battle, user: Any, form: Any) -> str:
    actions.set_terrain(battle, user, form.cleaned_data["terrain"])
    return "The terrain is set."


def _place(battle: Battle, user: Any, form: Any) -> str:
    token = actions.place_token(battle, user, form.placement())
    return f"{token.name} is placed at {token.at}."


def _assign(battle: Battle, user: Any, form: Any) -> str:
    data = form.cleaned_data
    actions.assign_side(battle, user, data["side"], data["player"])
    return f"{data['side']} is played by {data['player'] or 'nobody'}."


def _control_token(battle: Battle, user: Any, form: Any) -> str:
    data = form.cleaned_data
    actions.assign_token(battle, user, data["token"], data["player"])
    return f"{data['token']} is controlled by {data['player'] or 'nobody'}."


def _extend(battle: Battle, user: Any, form: Any) -> str:
    turn = actions.extend_turn(battle, user, form.cleaned_data["by"])
    return f"Turn {turn.number} is extended."


def _override(battle: Battle, user: Any, form: Any) -> str:
    data = form.cleaned_data
    replayed = actions.override_roll(battle, user, data["number"], data["face"])
    if replayed is not None:
        return f"Roll {data['number']} is now {data['face']}: turn {replayed.number} is re-played."
    return f"Roll {data['number']} will be {data['face']}; the log says so."


def _edit(battle: Battle, user: Any, form: Any) -> str:
    data = form.cleaned_data
    actions.edit_token(battle, user, data["name"], data["at"], data["hp"])
    return f"{data['name']} is now at {data['at']} with {data['hp']} HP."


def _end(battle: Battle, user: Any, form: Any) -> str:
    data = form.cleaned_data
    actions.end_battle(battle, user, data["winner"], data["result"])
    return ENDED


def _plain(form_class: type[forms.Form]) -> Callable[[Battle, Any], forms.Form]:
    return lambda battle, data: form_class(data)


set_terrain = _console_post(_plain(TerrainForm), "terrain_form", _set_terrain)
place_token = _console_post(
    lambda battle, data: TokenForm(data, sides=battle.side_names()), "token_form", _place
)
assign_side = _console_post(
    lambda battle, data: SidePlayerForm(data, sides=battle.side_names()), "side_form", _assign
)
assign_token = _console_post(
    lambda battle, data: TokenPlayerForm(data, tokens=token_names(battle)),
    "control_form",
    _control_token,
)
extend = _console_post(_plain(ExtendForm), "extend_form", _extend)
override = _console_post(_plain(OverrideForm), "override_form", _override)
edit_token = _console_post(_plain(EditTokenForm), "edit_form", _edit)
end = _console_post(
    lambda battle, data: EndBattleForm(data, sides=battle.side_names()), "end_form", _end
)


@login_required
@require_POST
def concede(request: HttpRequest, battle_id: int) -> HttpResponse:
    """The side's player concedes (ruling B28); asked to confirm first."""
    viewer = access.access_battle(request.user, battle_id, request.POST.get("side"))
    if request.POST.get("confirm") != "yes":
        messages.error(request, "Tick the box to confirm that your side concedes.")
        return redirect("battle", battle_id)
    try:
        actions.concede_battle(viewer.battle, request.user, viewer.side)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{viewer.side} has conceded: the battle is over.")
    return redirect("battle", battle_id)


def _control(act: Callable[[Battle, Any], str]) -> Callable[..., HttpResponse]:
    """A console button without a form."""

    @login_required
    @require_POST
    def view(request: HttpRequest, battle_id: int) -> HttpResponse:
        viewer = access.access_battle_as_master(request.user, battle_id)
        try:
            messages.success(request, act(viewer.battle, request.user))
        except ActionError as error:
            messages.error(request, str(error))
        return redirect("battle_console", battle_id)

    return view


def _remove(request_token: str) -> Callable[[Battle, Any], str]:
    def act(battle: Battle, user: Any) -> str:
        actions.remove_token(battle, user, request_token)
        return f"{request_token} is removed."

    return act


@login_required
@require_POST
def remove_token(request: HttpRequest, battle_id: int) -> HttpResponse:
    return _control(_remove(request.POST.get("name", "")))(request, battle_id)


def _start(battle: Battle, user: Any) -> str:
    turn = actions.start_battle(battle, user)
    return f"The battle is under way: {turn.side} acts first."


def _process(battle: Battle, user: Any) -> str:
    turn = actions.process_turn_now(battle, user)
    return f"Turn {turn.number} ({turn.side}) is processed."


def _pause(battle: Battle, user: Any) -> str:
    actions.pause_battle(battle, user)
    return "The battle is paused."


def _resume(battle: Battle, user: Any) -> str:
    actions.resume_battle(battle, user)
    return "The battle goes on."


start = _control(_start)
process = _control(_process)
pause = _control(_pause)
resume = _control(_resume)


@login_required
def side_page(request: HttpRequest, battle_id: int) -> HttpResponse:
    viewer = access.access_battle(request.user, battle_id, request.GET.get("side"))
    if viewer.is_game_master:
        return redirect("battle_console", battle_id)
    return _side_page(request, viewer, None)


def _side_page(
    request: HttpRequest,
    viewer: BattleViewer,
    form: ActivationForm | None,
    errors: Any = (),
    rows: TokenActivationForm | None = None,
    message_form: MessageForm | None = None,
) -> HttpResponse:
    record = access.access_record(viewer)
    turn = viewer.battle.open_turn()
    own = shares.tokens_of(viewer.battle, viewer.side, request.user)
    mine = [t for t in record.tokens if t.side == viewer.side and t.id in own] if record else []
    my_turn = turn is not None and turn.side == viewer.side
    if form is None:
        sent = shares.own_part(turn if my_turn else None, request.user)
        skeleton = "\n".join(f"{t.id} hold" for t in mine)
        form = ActivationForm(initial={"text": skeleton if sent is None else sent})
    rows = rows or token_activation_form(record, viewer.side, own=own)
    context = {
        "battle": viewer.battle,
        "viewer": viewer,
        "record": record,
        "mine": mine,
        "turn": turn,
        "my_turn": my_turn,
        "form": form,
        "rows_form": rows,
        "line_errors": errors,
        "turns": access.access_own_turns(viewer).filter(status="done").order_by("-number"),
        "rolls": access.access_rolls(viewer),
        "set_rolls": access.access_set_rolls(viewer, record.turn) if record else [],
        "record_rows": _rows(viewer, record),
        "share": access.access_share(viewer, turn if my_turn else None),
        "preview": preview_data(record, viewer.side),
        "battle_messages": access.access_messages(viewer),
        "message_form": message_form or _message_form(viewer),
    }
    refused = bool(errors) or bool(rows.errors) or bool(message_form and message_form.errors)
    return render(request, "battles/side.html", context, status=400 if refused else 200)


def token_activation_form(
    record: SideRecord | None, side: str, data: Any = None, own: list[str] | None = None
) -> TokenActivationForm:
    """The per-token form, from the side's record alone: the tokens this player activates
    (``own``; by default all the side's) and what the side sees."""
    seen = record.tokens if record else ()
    mine = [t for t in seen if t.side == side and (own is None or t.id in own)]
    powers = {t.id: (t.range, t.heal) for t in mine}
    ids = [t.id for t in mine]
    return TokenActivationForm(data, tokens=ids, targets=[t.id for t in seen], powers=powers)


@login_required
@require_POST
def submit_activation(request: HttpRequest, battle_id: int) -> HttpResponse:
    viewer = access.access_battle(request.user, battle_id, request.POST.get("side"))
    if request.POST.get("entry") == "tokens":
        return _submit_rows(request, viewer)
    form = ActivationForm(request.POST)
    if not form.is_valid():
        return _side_page(request, viewer, form, ["Write one line for each token that acts."])
    try:
        turn = actions.submit_activation(viewer.battle, request.user, form.cleaned_data["text"])
    except actions.ActivationErrors as refused:
        return _side_page(request, viewer, form, [str(e) for e in refused.errors])
    except ActionError as error:
        return _side_page(request, viewer, form, [str(error)])
    return _played(request, turn)


def _submit_rows(request: HttpRequest, viewer: BattleViewer) -> HttpResponse:
    """The per-token form: read, written as notation, sent; errors on their token's row."""
    own = shares.tokens_of(viewer.battle, viewer.side, request.user)
    rows = token_activation_form(access.access_record(viewer), viewer.side, request.POST, own)
    if not rows.is_valid():
        return _side_page(request, viewer, None, rows=rows)
    try:
        turn = actions.submit_activation(viewer.battle, request.user, rows.notation())
    except actions.ActivationErrors as refused:
        rows.add_line_errors(refused.errors)
        return _side_page(request, viewer, None, rows=rows)
    except ActionError as error:
        rows.add_error(None, str(error))
        return _side_page(request, viewer, None, rows=rows)
    return _played(request, turn)


def _played(request: HttpRequest, turn: Any) -> HttpResponse:
    messages.success(request, shares.played_words(turn))
    return redirect("battle", turn.battle_id)


@login_required
def picture(request: HttpRequest, battle_id: int) -> HttpResponse:
    """The viewer's picture (the game master's: the whole battle, or ``?side=``)."""
    viewer = access.access_battle(request.user, battle_id, request.GET.get("side"))
    record = access.access_record(viewer)
    if record is None:
        return HttpResponse(status=404)
    return HttpResponse(picture_png(viewer.battle, record), content_type="image/png")


@login_required
def replay(request: HttpRequest, battle_id: int) -> HttpResponse:
    """Everything needed to re-play the battle (adjudication.battle.replay_json)."""
    viewer = access.access_battle(request.user, battle_id)
    document = access.access_replay(viewer)
    return JsonResponse(document, json_dumps_params={"indent": 1, "sort_keys": True})


@login_required
def verify(request: HttpRequest, battle_id: int) -> HttpResponse:
    """The finished battle re-played from its replay document and seed, every roll shown."""
    viewer = access.access_battle(request.user, battle_id)
    verified = access.access_verification(viewer)
    context = {"battle": viewer.battle, "lines": report_lines(verified), "verified": verified}
    return render(request, "battles/verify.html", context)


def _message_form(viewer: BattleViewer, data: Any = None) -> MessageForm | None:
    """The side's message form, offering whom the press rule lets it write to (None: nobody)."""
    recipients = actions.may_write_to(viewer.battle, viewer.side)
    return MessageForm(data, recipients=recipients) if recipients else None


@login_required
@require_POST
def send_message(request: HttpRequest, battle_id: int) -> HttpResponse:
    """A side's message; refused, the page again with what was typed and why."""
    viewer = access.access_battle(request.user, battle_id, request.POST.get("side"))
    if viewer.is_game_master:
        return redirect("battle_console", battle_id)
    form = _message_form(viewer, request.POST) or MessageForm(request.POST, recipients=[])
    if form.is_valid():
        data = form.cleaned_data
        try:
            actions.send_battle_message(
                viewer.battle, request.user, viewer.side, data["to"], data["text"]
            )
            messages.success(request, f"Your message to {data['to'] or 'the game master'} is sent.")
            return redirect("battle", battle_id)
        except ActionError as error:
            form.add_error(None, str(error))
    elif not actions.may_write_to(viewer.battle, viewer.side):
        form.add_error(None, "This battle has no messages: the game master set no press.")
    return _side_page(request, viewer, None, message_form=form)


def _set_press(battle: Battle, user: Any, form: Any) -> str:
    actions.set_battle_press(battle, user, form.cleaned_data["press"])
    return "The press rule is set."


def _message(battle: Battle, user: Any, form: Any) -> str:
    to = form.cleaned_data["to"]
    actions.send_battle_message(battle, user, "", to, form.cleaned_data["text"])
    return f"Your message to {to or 'the game master'} is sent."


set_press = _console_post(_plain(PressForm), "press_form", _set_press)
game_master_message = _console_post(
    lambda b, data: MessageForm(data, recipients=b.side_names()), "message_form", _message
)
