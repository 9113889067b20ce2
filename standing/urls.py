from django.urls import path

from standing import views

urlpatterns = [
    path("players/<str:username>/", views.player, name="player"),
    path("ranking/", views.ranking, name="ranking"),
    path("my-page/", views.hide_page, name="player_hide_page"),
]
