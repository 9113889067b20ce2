from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("dev/", include("games.mail.urls")),
    path("anymail/", include("anymail.urls")),
    path("", include("games.urls")),
]
