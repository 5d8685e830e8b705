from django.apps import AppConfig


class CupsConfig(AppConfig):
    name = "chessclub_web.cups"
