from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "common"
    verbose_name = "The site's common ground"
