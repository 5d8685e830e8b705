from django.apps import AppConfig


class FrbeConfig(AppConfig):
    name = "chessclub_web.frbe"

    def ready(self) -> None:
        from chessclub_web.federation.registry import register, register_search
        from chessclub_web.frbe.services import IMPORTER, SEARCH, fictitious_ratings
        from chessclub_web.tournaments import hooks

        register(IMPORTER)
        register_search(SEARCH)
        hooks.fictitious_ratings.register(fictitious_ratings)
