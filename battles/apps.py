from django.apps import AppConfig


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = "Grid battles"

    def ready(self) -> None:
        from battles import post

        post.register()
