from django.apps import AppConfig


class FrbeConfig(AppConfig):
    name = "chessclub_web.frbe"
