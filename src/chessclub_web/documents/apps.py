from django.apps import AppConfig


class DocumentsConfig(AppConfig):
    name = "chessclub_web.documents"
