from django.apps import AppConfig


class ClosingConfig(AppConfig):
    name = "chessclub_web.closing"
