from django.apps import AppConfig


class FseConfig(AppConfig):
    name = "chessclub_web.fse"
