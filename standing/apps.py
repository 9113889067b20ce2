from django.apps import AppConfig


class StandingConfig(AppConfig):
    name = "standing"
    verbose_name = "Players' standing"
    default_auto_field = "django.db.models.BigAutoField"
