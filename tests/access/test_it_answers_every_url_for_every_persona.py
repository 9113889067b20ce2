"""The access matrix: every URL pattern of the site x every persona, with the answer expected.

The patterns are read from the URL configuration, so a new view cannot be
forgotten: the first test fails for any pattern without a row here. Personas
(tests/access/world.py), in the order of each row:

    anonymous, game master, own player, another game's player, signed-in
    stranger, invited but not joined, replaced player, player after the end
    (asking about their finished game), spectator (signed in, no seat, not
    invited, asking about a game open to watchers: it sees the pages that only
    show, as an observer does, and is refused like a stranger everywhere else).

Answers: a status, or LOGIN (a redirect to the sign-in page). A game's
members who may not do something get 403; anyone with no part in the game
gets 404, as if it did not exist. GET rows are asked of one world (reading
changes nothing); each POST row gets a fresh world, with the game master
asking last, since the game master's POSTs change the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.access.routes import Route, routes
from tests.access.world import PERSONAS, World, build_world

LOGIN = "login"
Row = tuple[Any, ...]

# Every game page: signed-in members only; strangers, other games' players,
# the invited and spectators get 404.
MEMBERS = (LOGIN, 200, 200, 404, 404, 404, 200, 200, 404)
# The pages that only show: spectators of a game open to watchers too.
WATCHABLE = (LOGIN, 200, 200, 404, 404, 404, 200, 200, 200)
# The game master's console and its pages: members who are not the master get 403.
MASTER_ONLY = (LOGIN, 200, 403, 404, 404, 404, 403, 403, 404)
MASTER_ACTION = (LOGIN, 302, 403, 404, 404, 404, 403, 403, 404)
POST_ONLY = (LOGIN, 405, 405, 405, 405, 405, 405, 405, 405)
EVERYONE = (200,) * 9
SIGNED_IN = (LOGIN, *(200,) * 8)
NOWHERE = (404,) * 9  # the dev mailbox: DEBUG off and not writing mail to files

MATRIX: dict[str, dict[str, Row]] = {
    "home": {"GET": (200, *(302,) * 8)},
    "health": {"GET": EVERYONE},
    "rules": {"GET": EVERYONE},
    "rules_preset": {"GET": EVERYONE},
    "rules_general": {"GET": EVERYONE},
    "rules_battle": {"GET": EVERYONE},
    "map_shapes": {"GET": EVERYONE, "POST": (405,) * 9},  # public geometry, no SQL
    "signup": {"GET": EVERYONE, "POST": EVERYONE},  # an empty form is shown again
    "login": {"GET": EVERYONE, "POST": EVERYONE},
    "logout": {"GET": (405,) * 9, "POST": (302,) * 9},
    "profile": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    # Changing the password: one's own (an empty form is shown again).
    "password_change": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    "email_settings": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    # API tokens: one's own (an empty form is shown again); another's token,
    # or one that does not exist, is not found.
    "api_tokens": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    "api_token_revoke": {"GET": (LOGIN, *(405,) * 8), "POST": (LOGIN, *(404,) * 8)},
    # Confirming an address: the page and asking again need an account; the
    # emailed link works for anyone holding it (refused here: a forged one).
    "confirm_address": {"GET": SIGNED_IN},
    "resend_confirmation": {"GET": (LOGIN, *(405,) * 8), "POST": (LOGIN, *(302,) * 8)},
    "verify_email": {"GET": (400,) * 9},
    # An address change: its emailed links work for anyone holding them
    # (refused here: a forged one); cancelling is the account's own, and with
    # nothing pending says so on the settings page.
    "address_change_link": {"GET": (400,) * 9, "POST": (400,) * 9},
    "address_change_cancel": {"GET": (LOGIN, *(405,) * 8), "POST": (LOGIN, *(302,) * 8)},
    # Password reset is for whoever forgot theirs; a failing link shows why.
    "password_reset": {"GET": EVERYONE, "POST": EVERYONE},
    "password_reset_done": {"GET": EVERYONE},
    "password_reset_confirm": {"GET": EVERYONE},
    "password_reset_complete": {"GET": EVERYONE},
    # One-click unsubscribe: the signed link is the credential, no account needed.
    "unsubscribe": {"GET": EVERYONE, "POST": EVERYONE},
    "dashboard": {"GET": SIGNED_IN},
    "dashboard_status": {"GET": SIGNED_IN},
    # The lobby is public; taking a seat needs an account (an empty form is
    # refused with a message on the lobby).
    "lobby": {"GET": EVERYONE},
    "lobby_take": {"GET": POST_ONLY, "POST": (LOGIN, *(302,) * 8)},
    # Games to watch: a list for anyone signed in.
    "games_to_watch": {"GET": SIGNED_IN},
    # Players' standing: signed in; the world's route names no such player.
    "player": {"GET": (LOGIN, *(404,) * 8)},
    "ranking": {"GET": SIGNED_IN},
    "player_hide_page": {"GET": POST_ONLY, "POST": (LOGIN, *(302,) * 8)},
    "game_create": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    # Practice against caretakers: anyone signed in (an empty form is shown again).
    "game_practice": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    # Join links and invitations are tokens given out to be shared: whoever
    # holds one sees the join page (joining a game under way is then refused).
    "join": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    "invitation": {"GET": SIGNED_IN, "POST": SIGNED_IN},
    # Asking the game master for an invitation sent to another address: back
    # to the invitation page, with the answer (the invited person and
    # unconfirmed accounts are told why not).
    "invitation_ask": {"GET": (LOGIN, *(405,) * 8), "POST": (LOGIN, *(302,) * 8)},
    "dev-mailbox": {"GET": NOWHERE},
    "dev-mailbox-html": {"GET": NOWHERE},
    "dev-mailbox-reply": {"GET": (405,) * 9, "POST": NOWHERE},
    "dev-mail-preview": {"GET": NOWHERE},
    # The game master is sent on to the console.
    "game": {"GET": (LOGIN, 302, 200, 404, 404, 404, 200, 200, 200)},
    "game_orders": {"GET": POST_ONLY, "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404)},
    # Checking orders needs a power: the game master and the replaced player have none.
    "game_orders_check": {
        "GET": POST_ONLY,
        "POST": (LOGIN, 404, 200, 404, 404, 404, 404, 200, 404),
    },
    "game_ready": {"GET": POST_ONLY, "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404)},
    # An absence is a player's: others are sent back to the game page; an
    # empty form is shown again, saying why.
    "game_absence": {"GET": POST_ONLY, "POST": (LOGIN, 302, 400, 404, 404, 404, 302, 400, 404)},
    # Withdrawing one's own absence: members go back to the game page, told why not.
    "game_absence_withdraw": {
        "GET": POST_ONLY,
        "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404),
    },
    # Proposing and voting: members are sent back to the game page (with the
    # reason when refused); after the end no vote is taken.
    "game_propose": {"GET": POST_ONLY, "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404)},
    "game_vote": {"GET": POST_ONLY, "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404)},
    # Leaving: members are sent back to the game page (unconfirmed: with the reason).
    "game_leave": {"GET": POST_ONLY, "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404)},
    # Ending a practice game: only its player may; other members are sent back
    # to the game page, told why not (these games are not practice games).
    "game_practice_end": {
        "GET": POST_ONLY,
        "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404),
    },
    "game_setup_choice": {
        "GET": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404),
        "POST": (LOGIN, 302, 302, 404, 404, 404, 302, 302, 404),
    },
    "game_history": {"GET": WATCHABLE},
    "game_history_phase": {"GET": WATCHABLE},
    "game_map_latest": {"GET": WATCHABLE},
    "game_map": {"GET": WATCHABLE},
    # The replay and its chart: only after the end, when the fog lifts (the
    # finished game's player); 404 for everyone while the game runs.
    "game_replay": {"GET": (LOGIN, 404, 404, 404, 404, 404, 404, 200, 404)},
    "game_centre_chart": {"GET": (LOGIN, 404, 404, 404, 404, 404, 404, 200, 404)},
    # The animated map of one's own records, during the game too.
    "game_animation": {"GET": WATCHABLE},
    "game_press": {"GET": MEMBERS},
    "game_press_json": {"GET": MEMBERS},
    # Press needs a power (403 without one); an empty message is refused (400).
    "game_press_send": {
        "GET": POST_ONLY,
        "POST": (LOGIN, 403, 400, 404, 404, 404, 403, 400, 404),
    },
    "console": {"GET": MASTER_ONLY},
    "game_log": {"GET": MASTER_ONLY},
    "game_outbox": {"GET": MASTER_ONLY},
    "game_outbox_retry": {"GET": (LOGIN, *(405,) * 8), "POST": MASTER_ACTION},
    **{
        name: {"GET": POST_ONLY, "POST": MASTER_ACTION}
        for name in (
            "console_invite",
            "console_assign",
            "console_start",
            "console_deadline",
            "console_extend",
            "console_pause",
            "console_resume",
            "console_process",
            "console_retry",
            "console_replace",
            "console_open_seat",
            "console_caretaker",
            "console_start_caretakers",
            "console_seat_rules",
            "console_end",
            "console_unfog",
            "console_press",
            "console_spectators",
            "console_clock",
            "console_refuse_absence",
            "console_invitation_request",
        )
    },
    # The game master's tool pages: an empty form is shown again, saying why.
    **{
        name: {"GET": MASTER_ONLY, "POST": (LOGIN, 400, 403, 404, 404, 404, 403, 403, 404)}
        for name in ("console_orders", "console_message", "console_board", "console_rollback")
    },
    # The game master's live check of a power's lines: no ?power= here, so refused (400).
    "console_orders_check": {
        "GET": POST_ONLY,
        "POST": (LOGIN, 400, 403, 404, 404, 404, 403, 403, 404),
    },
}

# Grid battles: only the battle's game master and its side's player (own_player) have a part.
IN_BATTLE = (LOGIN, 302, 200, *(404,) * 6)  # the game master is sent on to the console
BATTLE_MASTER = (LOGIN, 200, 403, *(404,) * 6)
BATTLE_FORM = (LOGIN, 400, 403, *(404,) * 6)  # an empty form is shown again, saying why
BATTLE_CONTROL = (LOGIN, 302, 403, *(404,) * 6)
MATRIX.update(
    {
        "battle_list": {"GET": SIGNED_IN},
        "battle_create": {"GET": SIGNED_IN, "POST": SIGNED_IN},
        "battle": {"GET": IN_BATTLE},
        "battle_picture": {"GET": (LOGIN, 200, 200, *(404,) * 6)},
        # The game master plays no side: an empty activation is refused like a player's.
        "battle_activation": {"GET": POST_ONLY, "POST": (LOGIN, 400, 400, *(404,) * 6)},
        "battle_console": {"GET": BATTLE_MASTER},
        "battle_replay": {"GET": BATTLE_MASTER},  # a side's player's too, once it is over
        "battle_verify": {"GET": (LOGIN, 403, 403, *(404,) * 6)},  # everyone's, once it is over
        # A concession unconfirmed is sent back to the page, saying why.
        "battle_concede": {"GET": POST_ONLY, "POST": (LOGIN, 302, 302, *(404,) * 6)},
        "battle_outbox": {"GET": BATTLE_MASTER},
        # A side's empty message is refused on its page; the game master writes from the console.
        "battle_message": {"GET": POST_ONLY, "POST": (LOGIN, 302, 400, *(404,) * 6)},
        "battle_outbox_retry": {"GET": POST_ONLY, "POST": BATTLE_CONTROL},
        **{
            name: {"GET": POST_ONLY, "POST": BATTLE_FORM}
            for name in (
                "battle_terrain",
                "battle_token",
                "battle_side",
                "battle_control",
                "battle_extend",
                "battle_override",
                "battle_edit",
                "battle_end",
                "battle_press",
                "battle_gm_message",
            )
        },
        **{
            name: {"GET": POST_ONLY, "POST": BATTLE_CONTROL}
            for name in (
                "battle_remove",
                "battle_start",
                "battle_process",
                "battle_pause",
                "battle_resume",
            )
        },
    }
)

# The JSON API: a session opens nothing (401 for everyone, signed in or not),
# so it has no CSRF surface; the schema is public. What each persona's token
# opens is api/tests/test_it_answers_every_route_for_every_persona.py.
NO_SESSION = (401,) * 9
MATRIX.update(
    {
        "api-v1:openapi-json": {"GET": EVERYONE},
        "api-v1:api-root": {"GET": NOWHERE},
        **{
            f"api-v1:{name}": {"GET": NO_SESSION}
            for name in (
                "my_games",
                "game_detail",
                "my_records",
                "my_current_record",
                "my_record_at",
                "my_map",
                "my_options",
                "game_log",
                "my_tokens",
                "player",
                "ranking",
            )
        },
        # Reading and writing share a path: either method is refused alike.
        **{
            f"api-v1:{name}": {"GET": NO_SESSION, "POST": NO_SESSION}
            for name in ("my_press", "send_press", "my_vote", "vote", "my_orders", "submit_orders")
        },
        **{
            f"api-v1:{name}": {"GET": (405,) * 9, "POST": NO_SESSION}
            for name in (
                "check_orders",
                "set_ready",
                "propose",
                "process_now",
                "retry",
                "extend",
                "set_deadline",
                "pause",
                "resume",
                "orders_for_power",
                "game_master_press",
                "open_seat",
                "care_for_seat",
                "end",
                "revoke_my_token",
            )
        },
    }
)

# Prometheus's page: only METRICS_TOKEN opens it (tests/settings.py sets one),
# no session, not even staff's; games/tests/web/test_it_serves_metrics.py
# shows what the token opens.
MATRIX["metrics"] = {"GET": (401,) * 9, "POST": (405,) * 9}

# Third-party families, one rule for each of their patterns.
ADMIN_OPEN = {"admin:login": 200, "admin:logout": 302}


def site_routes() -> list[Route]:
    return [route for route in routes() if route.namespace not in ("admin", "anymail")]


def answer(world: World, persona: str, route: Route, method: str) -> Any:
    client: Client = world.client(persona)
    url = route.url(world.url_values(persona))
    response = client.get(url) if method == "GET" else client.post(url, {})
    location = response.get("Location", "")
    if response.status_code == 302 and location.startswith(reverse(settings.LOGIN_URL)):
        return LOGIN
    return response.status_code


def ask(world: World, route: Route, method: str) -> Row:
    """Each persona's answer, the game master asking last."""
    order = sorted(PERSONAS, key=lambda persona: persona == "game_master")
    answers = {persona: answer(world, persona, route, method) for persona in order}
    return tuple(answers[persona] for persona in PERSONAS)


def test_it_has_a_row_for_every_url_pattern() -> None:
    names = {route.name for route in site_routes()}
    missing = sorted(names - set(MATRIX))
    stale = sorted(set(MATRIX) - names)
    assert not missing, f"URL patterns with no row in the access matrix: {missing}"
    assert not stale, f"rows for URL patterns that no longer exist: {stale}"


@pytest.mark.django_db
def test_it_answers_every_get_as_the_matrix_says() -> None:
    world = build_world()
    wrong = {}
    for route in site_routes():
        expected = MATRIX[route.name]["GET"]
        got = ask(world, route, "GET")
        if got != expected:
            wrong[route.name] = {"expected": expected, "got": got}
    assert not wrong, wrong


POSTS = sorted(name for name, row in MATRIX.items() if "POST" in row)


@pytest.mark.django_db
@pytest.mark.parametrize("name", POSTS)
def test_it_answers_every_post_as_the_matrix_says(name: str) -> None:
    world = build_world()
    route = next(route for route in site_routes() if route.name == name)
    assert ask(world, route, "POST") == MATRIX[name]["POST"]


@pytest.mark.django_db
def test_it_sends_everyone_without_staff_rights_to_the_admin_sign_in() -> None:
    world = build_world()
    wrong = {}
    for route in routes():
        if route.namespace != "admin":
            continue
        for persona in ("anonymous", "game_master", "stranger"):
            response = world.client(persona).get(route.url(world.url_values(persona)))
            ok = response.status_code == ADMIN_OPEN.get(route.name, 302)
            if route.name not in ADMIN_OPEN:
                ok = ok and response["Location"].startswith("/admin/login/")
            if not ok:
                wrong[(route.name, persona)] = response.status_code
    assert not wrong, wrong


@pytest.mark.django_db
def test_it_accepts_no_unsigned_request_at_any_webhook() -> None:
    """Every provider webhook pattern (anymail's): a forged, unsigned request
    from anyone is never accepted. Which refusal each answers (404 for a
    provider that is not configured) is the webhook settings' concern."""
    world = build_world()
    accepted = {}
    for route in routes():
        if route.namespace != "anymail":
            continue
        client = world.client("anonymous")
        client.raise_request_exception = False
        url = route.url({})
        for response in (client.get(url), client.post(url, {"event": "bounce"})):
            if response.status_code < 300:
                accepted[route.name] = response.status_code
    assert not accepted, accepted
