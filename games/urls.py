from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path

from games import health
from games.api import pages as api_pages
from games.views import (
    absences,
    accounts,
    address_change,
    caretakers,
    console,
    gm_orders,
    gm_tools,
    invitations,
    lobby,
    map_shapes,
    pages,
    play,
    press,
    replay,
    setup,
    votes,
)

game_master_urls: list[URLPattern] = [
    path("", console.console, name="console"),
    path("invite/", console.invite, name="console_invite"),
    path("assign/", console.assign, name="console_assign"),
    path("start/", console.start, name="console_start"),
    path("deadline/", console.set_deadline, name="console_deadline"),
    path("extend/", console.extend, name="console_extend"),
    path("pause/", console.pause, name="console_pause"),
    path("clock/", console.clock, name="console_clock"),
    path("absence/refuse/", absences.refuse, name="console_refuse_absence"),
    path("resume/", console.resume, name="console_resume"),
    path("process/", console.process, name="console_process"),
    path("retry/", console.retry, name="console_retry"),
    path("replace/", console.replace, name="console_replace"),
    path("open-seat/", console.open_seat, name="console_open_seat"),
    path("invitation-request/", console.invitation_request, name="console_invitation_request"),
    path("caretaker/", caretakers.care_for_seat, name="console_caretaker"),
    path(
        "start-with-caretakers/", caretakers.start_with_caretakers, name="console_start_caretakers"
    ),
    path("seat-rules/", console.seat_rules, name="console_seat_rules"),
    path("end/", console.end, name="console_end"),
    path("unfog/", console.unfog, name="console_unfog"),
    path("press/", console.press_switch, name="console_press"),
    path("spectators/", console.spectators, name="console_spectators"),
    path("log/", console.game_log, name="game_log"),
    path("orders/", gm_orders.orders_for_power, name="console_orders"),
    path("orders/check/", gm_orders.check_orders_for_power, name="console_orders_check"),
    path("message/", gm_tools.game_master_press, name="console_message"),
    path("board/", gm_tools.edit_board, name="console_board"),
    path("rollback/", gm_tools.roll_back, name="console_rollback"),
]

game_urls: list[URLPattern | URLResolver] = [
    path("", play.game, name="game"),
    path("orders/", play.submit_orders, name="game_orders"),
    path("orders/check/", play.check_orders, name="game_orders_check"),
    path("ready/", play.set_ready, name="game_ready"),
    path("absence/", absences.declare, name="game_absence"),
    path("absence/withdraw/", absences.withdraw, name="game_absence_withdraw"),
    path("setup/", setup.setup_choice, name="game_setup_choice"),
    path("history/", play.history, name="game_history"),
    path("history/<int:ordinal>/", play.history_phase, name="game_history_phase"),
    path("map.png", play.game_map, name="game_map_latest"),
    path("map/<int:ordinal>.png", play.game_map, name="game_map"),
    path("animation.gif", replay.animation, name="game_animation"),
    path("replay/", replay.replay, name="game_replay"),
    path("replay/centres.svg", replay.centre_chart, name="game_centre_chart"),
    path("propose/", votes.propose, name="game_propose"),
    path("vote/", votes.vote, name="game_vote"),
    path("leave/", lobby.leave, name="game_leave"),
    path("practice/end/", caretakers.end_practice, name="game_practice_end"),
    path("press/", press.press, name="game_press"),
    path("press/send/", press.send, name="game_press_send"),
    path("press.json", press.press_json, name="game_press_json"),
    path("console/", include(game_master_urls)),
]

# Django's own password reset, on our templates; asking is limited per address.
password_reset_urls: list[URLPattern] = [
    path(
        "accounts/password/reset/",
        accounts.LimitedPasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.UnpausingPasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]

urlpatterns = [
    path("", pages.home, name="home"),
    path("health/", health.health, name="health"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/profile/", accounts.profile, name="profile"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/tokens/", api_pages.api_tokens, name="api_tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", api_pages.revoke_token, name="api_token_revoke"),
    path("accounts/address/", accounts.confirmation_needed, name="confirm_address"),
    path("accounts/address/resend/", accounts.resend_confirmation, name="resend_confirmation"),
    path("accounts/address/<str:token>/", accounts.verify_email, name="verify_email"),
    path("accounts/address-change/cancel/", address_change.cancel, name="address_change_cancel"),
    path(
        "accounts/address-change/link/<str:token>/",
        address_change.change_link,
        name="address_change_link",
    ),
    *password_reset_urls,
    path("games/", pages.dashboard, name="dashboard"),
    path("games/status.json", pages.dashboard_status, name="dashboard_status"),
    path("games/new/", setup.create_game, name="game_create"),
    path("games/practice/", caretakers.practice, name="game_practice"),
    path("lobby/", lobby.lobby, name="lobby"),
    path("watch/", lobby.games_to_watch, name="games_to_watch"),
    path("maps/<slug:preset>/shapes.json", map_shapes.shapes, name="map_shapes"),
    path("lobby/<int:game_id>/take/", lobby.take_seat, name="lobby_take"),
    path("battles/", include("games.battles.urls")),
    path("games/<int:game_id>/", include(game_urls)),
    path("join/<str:token>/", setup.join_by_link, name="join"),
    path("invitations/<str:token>/", setup.join_by_invitation, name="invitation"),
    path("invitations/<str:token>/ask/", invitations.ask, name="invitation_ask"),
]
