from django.contrib import admin
from django.urls import include, path

from games.api.routes import api
from games.mail import urls as mail_urls
from games.mail import webhook_guard
from games.metrics import endpoint as metrics
from games.views import rules

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", api.urls),
    path("metrics/", metrics.metrics, name="metrics"),
    path("dev/", include(mail_urls.dev_urls)),
    path("", include(mail_urls.urlpatterns)),
    path("rules/", rules.index, name="rules"),
    path("rules/general/", rules.general, name="rules_general"),
    path("rules/battle/", rules.battle, name="rules_battle"),
    path("rules/<slug:preset>/", rules.preset, name="rules_preset"),
    path("anymail/", include((webhook_guard.locked_urlpatterns(), "anymail"))),
    path("", include("games.urls")),
]
