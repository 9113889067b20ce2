from django.urls import path

from games import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", health.health, name="health"),
]
