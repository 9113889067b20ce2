from django.urls import path

from games.mail import views

urlpatterns = [
    path("mailbox/", views.mailbox, name="dev-mailbox"),
    path("mailbox/<str:key>/html/", views.message_html, name="dev-mailbox-html"),
]
