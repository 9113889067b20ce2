from django.urls import path

from games.inbound import views as inbound_views
from games.mail import pages, views

dev_urls = [
    path("mailbox/", views.mailbox, name="dev-mailbox"),
    path("mailbox/<str:key>/html/", views.message_html, name="dev-mailbox-html"),
    path("mailbox/<str:key>/reply/", inbound_views.reply, name="dev-mailbox-reply"),
    path("preview/<int:message_id>/", views.preview, name="dev-mail-preview"),
]

urlpatterns = [
    path("settings/email/", pages.email_settings, name="email_settings"),
    path("settings/email/unsubscribe/<str:token>/", pages.unsubscribe, name="unsubscribe"),
    path("games/<int:game_id>/console/email/", pages.game_outbox, name="game_outbox"),
    path("games/<int:game_id>/console/email/retry/", pages.retry_outbox, name="game_outbox_retry"),
    path("battles/<int:battle_id>/console/email/", pages.battle_outbox, name="battle_outbox"),
    path(
        "battles/<int:battle_id>/console/email/retry/",
        pages.retry_battle_outbox,
        name="battle_outbox_retry",
    ),
]
