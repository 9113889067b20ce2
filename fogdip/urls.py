from django.contrib import admin
from django.urls import include, path

from api.routes import api
from common import health
from fogdip.metrics import endpoint as metrics
from games.views import rules
from postoffice import urls as mail_urls
from postoffice import webhook_guard

# JSON under /api/, the site's pages elsewhere (a body over the limit: 413).
handler400 = "common.problems.bad_request"
handler404 = "common.problems.not_found"
handler500 = "common.problems.server_error"

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
    path("health/", health.health, name="health"),
    path("", include("accounts.urls")),
    path("", include("api.urls")),
    path("battles/", include("battles.urls")),
    path("", include("standing.urls")),
    path("", include("games.urls")),
]
