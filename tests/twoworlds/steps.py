"""What people do in a world, as steps a script runs at a tick. Each step
is an ordinary action of games/actions, taken as the person would take it."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.urls import reverse

from accounts.actions import update_profile
from api.models import ApiToken
from api.tokens import create_api_token, revoke_api_token
from games import actions
from games.actions.absences import declare_absence, refuse_absence
from games.gateway import BoardEdit
from games.press.models import ANONYMOUS
from postoffice.actions import email_settings_of, save_email_settings
from postoffice.forms import EmailSettingsForm
from postoffice.models import EmailSettings
from postoffice.webhooks import flag_address
from tests.fixtures import confirmed_user
from tests.twoworlds.world import Step, World, default_orders


def silent(power: str, from_ordinal: int = 0) -> Step:
    """The power sends nothing from that phase on."""

    def step(world: World) -> None:
        world.silent[power] = from_ordinal

    return step


def orders(power: str, ordinal: int, lines: list[str]) -> Step:
    def step(world: World) -> None:
        world.orders[(ordinal, power)] = lines

    return step


def edit(action: str, place: str, unit: str = "", power: str = "") -> Step:
    """The game master edits the board of the open phase."""

    def step(world: World) -> None:
        change = BoardEdit(action, place, unit=unit, power=power)
        actions.edit_board(world.game, world.master, change)

    return step


def edit_if(missing: str, power: str, place: str) -> Step:
    """Add the power's army at ``place`` unless a unit is there already
    (the rule sets start from different positions)."""

    def step(world: World) -> None:
        phase = world.open_phase()
        assert phase is not None
        if not any(unit.split()[1][:3] == place for unit in units_of(phase.position)):
            edit("add", place, missing, power)(world)

    return step


def units_of(position: dict) -> list[str]:
    return [unit for units in position.get("units", {}).values() for unit in units]


def ready(power: str) -> Step:
    def step(world: World) -> None:
        phase = world.open_phase()
        assert phase is not None
        actions.set_ready(phase, world.players[power], power, True)

    return step


def press(sender: str, to: list[str], body: str) -> Step:
    def step(world: World) -> None:
        actions.send_press(world.game, world.players[sender], sender, to, body, sender)

    return step


def anonymous_press(sender: str, to: list[str], body: str) -> Step:
    def step(world: World) -> None:
        actions.send_press(world.game, world.players[sender], sender, to, body, ANONYMOUS)

    return step


def read_press(power: str, thread: str) -> Step:
    """The power's player opens one of its threads on the web."""

    def step(world: World) -> None:
        actions.mark_thread_read(world.game, world.players[power], power, thread)

    return step


def absence(power: str, days_from_now: int = 0, days: int = 1) -> Step:
    """An absence from today (in the game's zone, UTC) for ``days`` days."""

    def step(world: World) -> None:
        today = world.clock.now.date()
        first = today + timedelta(days=days_from_now)
        user = world.players[power]
        declare_absence(world.game, user, power, first, first + timedelta(days=days - 1), today)

    return step


def leave(power: str) -> Step:
    def step(world: World) -> None:
        actions.leave_game(world.game, world.players[power])
        world.silent[power] = 0  # no longer a player of the game

    return step


def propose_draw(power: str) -> Step:
    def step(world: World) -> None:
        actions.propose_draw(world.game, world.players[power], power)

    return step


def vote(power: str, yes: bool = True) -> Step:
    def step(world: World) -> None:
        actions.vote(world.game, world.players[power], power, yes)

    return step


def votes(powers: tuple[str, ...], yes: bool = True) -> Step:
    def step(world: World) -> None:
        for power in powers:
            vote(power, yes)(world)

    return step


def eliminate(power: str) -> Step:
    """The game master removes every unit of the power and frees its centres,
    so it is out after the phase is played."""

    def step(world: World) -> None:
        phase = world.open_phase()
        assert phase is not None
        for unit in phase.position.get("units", {}).get(power, []):
            edit("remove", unit.split()[1][:3])(world)
        for centre in phase.position.get("centers", {}).get(power, []):
            edit("centre", centre, power="")(world)

    return step


def game_master_press(to: list[str], body: str) -> Step:
    def step(world: World) -> None:
        actions.send_game_master_press(world.game, world.master, to, body)

    return step


def orders_by_game_master(power: str, move: tuple[str, str] | None = None) -> Step:
    """The game master sends the power's orders (holds) for it, and the power
    itself sends nothing; with ``move`` (from, to), the unit there moves
    instead, so the power's own record shows orders it did not write."""

    def step(world: World) -> None:
        world.silent[power] = 0
        phase = world.open_phase()
        assert phase is not None
        lines = default_orders(world, phase, power)
        if move is not None:
            lines = [_moved(line, *move) for line in lines]
        actions.submit_orders_for_power(phase, world.master, power, lines)

    return step


def _moved(line: str, origin: str, target: str) -> str:
    words = line.split()
    held = len(words) == 3 and words[1] == origin and words[2] == "H"
    return f"{words[0]} {origin} - {target}" if held else line


def caretaker(power: str) -> Step:
    """The game master gives the power's empty seat to the caretaker."""

    def step(world: World) -> None:
        actions.care_for_seat(world.game, world.master, power)

    return step


def caretakers_play() -> Step:
    """The beat's caretaker pass at this tick: every cared-for seat that owes orders."""

    def step(world: World) -> None:
        from api.caretaking import run_caretakers

        run_caretakers()

    return step


def refuse_absences(power: str) -> Step:
    def step(world: World) -> None:
        for absence in world.game.absences.filter(power=power):
            refuse_absence(world.game, world.master, absence.pk)

    return step


def hand_over(power: str, how: str) -> Step:
    """The game master gives the power to a newcomer: by replacing its player
    (``replace``), or by opening its seat and giving it (``give``)."""

    def step(world: World) -> None:
        newcomer = confirmed_user("newcomer", "newcomer@example.org")
        if how == "replace":
            seat = world.game.seats.get(power=power, user=world.players[power])
            actions.replace_player(world.game, world.master, seat, newcomer)
        else:
            actions.open_seat(world.game, world.master, power)
            actions.give_seat(world.game, world.master, power, newcomer)
        world.players[power] = newcomer

    return step


def propose_concession(power: str, to: str) -> Step:
    def step(world: World) -> None:
        actions.propose_concession(world.game, world.players[power], power, to)

    return step


def remove_a_unit(power: str) -> Step:
    """The game master removes the power's first unit (the rule sets start
    from different positions), so it has a build in the Winter."""

    def step(world: World) -> None:
        phase = world.open_phase()
        assert phase is not None
        unit = sorted(phase.position.get("units", {}).get(power, []))[0]
        edit("remove", unit.split()[1][:3])(world)

    return step


def other_orders(power: str, origin: str, target: str) -> Step:
    """The power changes its orders at this tick: the unit at ``origin`` moves
    to ``target`` instead of holding, or, where the rule set's start has no
    unit there, its last unit's order is taken back."""

    def step(world: World) -> None:
        phase = world.open_phase()
        assert phase is not None
        given = default_orders(world, phase, power)
        lines = [_moved(line, origin, target) for line in given]
        if lines == given and len(lines) > 1:
            lines = lines[:-1]
        actions.submit_orders(phase, world.players[power], power, lines)

    return step


def check_orders_live(power: str, text: str, times: int = 3) -> Step:
    """The power's page asks the live checker about typed lines, as its
    script does while the player types."""

    def step(world: World) -> None:
        client = Client()
        client.force_login(world.players[power])
        url = reverse("game_orders_check", args=[world.game.pk])
        for _ in range(times):
            answer = client.post(url, {"text": text}, content_type="application/json")
            assert answer.status_code == 200, answer.content

    return step


def private_settings(power: str) -> Step:
    """The power's player picks another time zone and other email settings:
    plain text, no reminders, no copies of press."""

    def step(world: World) -> None:
        user = world.players[power]
        update_profile(user, "Asia/Tokyo")
        data = {"html": "", "reminders": "", "reminder_hours": "1", "press": ""}
        form = EmailSettingsForm(data, instance=email_settings_of(user))
        assert form.is_valid(), form.errors
        save_email_settings(user, form)

    return step


def api_program(power: str) -> Step:
    """The power's player makes an API token and its program reads its
    record and checks a line with it."""

    def step(world: World) -> None:
        made = create_api_token(world.players[power], "my program", ApiToken.Scope.PLAY)
        program = Client(headers={"Authorization": f"Bearer {made.secret}"})
        base = f"/api/v1/games/{world.game.pk}"
        assert program.get(f"{base}/record").status_code == 200
        checked = program.post(
            f"{base}/check", {"text": "A MUN H"}, content_type="application/json"
        )
        assert checked.status_code == 200, checked.content

    return step


def address_bounced(power: str) -> Step:
    """The mail provider reports that mail to the power's player bounced."""

    def step(world: World) -> None:
        user = world.players[power]
        assert flag_address(user.email, EmailSettings.AddressStatus.BOUNCED, "550 no such user")

    return step


def own_token(power: str, name: str) -> Step:
    """The power's player makes an API token for its program; the settings
    page then lists it, with the link that revokes it."""

    def step(world: World) -> None:
        create_api_token(world.players[power], name, ApiToken.Scope.READ)

    return step


def token_made_and_revoked(power: str) -> Step:
    """The power's player makes a token and revokes it at once: the settings
    page lists it no more, but the player knows a token was made."""

    def step(world: World) -> None:
        user = world.players[power]
        made = create_api_token(user, "short-lived", ApiToken.Scope.READ)
        revoke_api_token(user, made.token.pk)

    return step
