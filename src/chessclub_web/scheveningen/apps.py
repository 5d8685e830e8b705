from django.apps import AppConfig


class ScheveningenConfig(AppConfig):
    name = "chessclub_web.scheveningen"
