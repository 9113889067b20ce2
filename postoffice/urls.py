from django.urls import path

from postoffice import pages, views
from postoffice.inbound import views as inbound_views

dev_urls = [
    path("mailbox/", views.mailbox, name="dev-mailbox"),
    path("mailbox/<str:key>/html/", views.message_html, name="dev-mailbox-html"),
    path("mailbox/<str:key>/reply/", inbound_views.reply, name="dev-mailbox-reply"),
    path("preview/<int:message_id>/", views.preview, name="dev-mail-preview"),
]

urlpatterns = [
    path("settings/email/", pages.email_settings, name="email_settings"),
    path("settings/email/unsubscribe/<str:token>/", pages.unsubscribe, name="unsubscribe"),
]
