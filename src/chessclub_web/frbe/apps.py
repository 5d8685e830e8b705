from django.apps import AppConfig


class FrbeConfig(AppConfig):
    name = "chessclub_web.frbe"

    def ready(self) -> None:
        from chessclub_web.federation.registry import register
        from chessclub_web.frbe.services import IMPORTER

        register(IMPORTER)
