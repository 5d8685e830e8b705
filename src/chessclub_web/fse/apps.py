from django.apps import AppConfig


class FseConfig(AppConfig):
    name = "chessclub_web.fse"

    def ready(self) -> None:
        from chessclub_web.federation.registry import register
        from chessclub_web.fse.services import IMPORTER

        register(IMPORTER)
