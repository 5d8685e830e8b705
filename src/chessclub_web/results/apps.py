from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "chessclub_web.results"
