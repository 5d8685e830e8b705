from django.apps import AppConfig


class PairingsConfig(AppConfig):
    name = "chessclub_web.pairings"
