from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Diplomacy games"

    def ready(self) -> None:
        from games import post

        post.register()
