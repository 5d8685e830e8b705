from django.apps import AppConfig


class FseConfig(AppConfig):
    name = "chessclub_web.fse"

    def ready(self) -> None:
        from chessclub_web.federation.registry import register, register_search
        from chessclub_web.fse.services import IMPORTER, SEARCH

        register(IMPORTER)
        register_search(SEARCH)
