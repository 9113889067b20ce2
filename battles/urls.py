from django.urls import URLPattern, path

from battles import outbox_views, views

urlpatterns: list[URLPattern] = [
    path("", views.battle_list, name="battle_list"),
    path("new/", views.create_battle, name="battle_create"),
    path("<int:battle_id>/", views.side_page, name="battle"),
    path("<int:battle_id>/activation/", views.submit_activation, name="battle_activation"),
    path("<int:battle_id>/picture.png", views.picture, name="battle_picture"),
    path("<int:battle_id>/replay.json", views.replay, name="battle_replay"),
    path("<int:battle_id>/verify/", views.verify, name="battle_verify"),
    path("<int:battle_id>/console/email/", outbox_views.battle_outbox, name="battle_outbox"),
    path(
        "<int:battle_id>/console/email/retry/",
        outbox_views.retry_battle_outbox,
        name="battle_outbox_retry",
    ),
    path("<int:battle_id>/console/", views.console, name="battle_console"),
    path("<int:battle_id>/console/terrain/", views.set_terrain, name="battle_terrain"),
    path("<int:battle_id>/console/token/", views.place_token, name="battle_token"),
    path("<int:battle_id>/console/remove/", views.remove_token, name="battle_remove"),
    path("<int:battle_id>/console/side/", views.assign_side, name="battle_side"),
    path("<int:battle_id>/console/control/", views.assign_token, name="battle_control"),
    path("<int:battle_id>/console/start/", views.start, name="battle_start"),
    path("<int:battle_id>/console/process/", views.process, name="battle_process"),
    path("<int:battle_id>/console/extend/", views.extend, name="battle_extend"),
    path("<int:battle_id>/console/pause/", views.pause, name="battle_pause"),
    path("<int:battle_id>/console/resume/", views.resume, name="battle_resume"),
    path("<int:battle_id>/console/override/", views.override, name="battle_override"),
    path("<int:battle_id>/console/edit/", views.edit_token, name="battle_edit"),
    path("<int:battle_id>/console/end/", views.end, name="battle_end"),
    path("<int:battle_id>/concede/", views.concede, name="battle_concede"),
    path("<int:battle_id>/message/", views.send_message, name="battle_message"),
    path("<int:battle_id>/console/press/", views.set_press, name="battle_press"),
    path("<int:battle_id>/console/message/", views.game_master_message, name="battle_gm_message"),
]
