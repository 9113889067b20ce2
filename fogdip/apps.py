from django.apps import AppConfig


class FogdipConfig(AppConfig):
    name = "fogdip"
    verbose_name = "FogDip"
