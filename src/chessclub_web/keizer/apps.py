from django.apps import AppConfig


class KeizerConfig(AppConfig):
    name = "chessclub_web.keizer"
