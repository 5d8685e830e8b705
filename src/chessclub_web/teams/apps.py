from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "chessclub_web.teams"
