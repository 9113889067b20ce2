from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Connects the receivers of anymail's webhooks: tracking (bounces,
        # complaints) and inbound (replies that play).
        from games.inbound import webhooks as inbound_webhooks  # noqa: F401
        from games.mail import (
            webhook_guard,
            webhooks,  # noqa: F401
        )

        webhook_guard.refuse_unsigned_webhooks()
