from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Connects the receiver of anymail's tracking webhooks (bounces, complaints).
        from games.mail import webhooks  # noqa: F401
