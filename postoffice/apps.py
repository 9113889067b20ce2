from django.apps import AppConfig


class PostOfficeConfig(AppConfig):
    name = "postoffice"
    verbose_name = "Post office"

    def ready(self) -> None:
        # Connects the receivers of anymail's webhooks: tracking (bounces,
        # complaints) and inbound (replies that play).
        from postoffice import webhook_guard, webhooks  # noqa: F401
        from postoffice.inbound import webhooks as inbound_webhooks  # noqa: F401

        webhook_guard.refuse_unsigned_webhooks()
