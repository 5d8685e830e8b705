from django.apps import AppConfig


class PairingsConfig(AppConfig):
    name = "chessclub_web.pairings"

    def ready(self) -> None:
        from chessclub_web.pairings.imports import store_requests
        from chessclub_web.tournaments import hooks

        hooks.import_requests.register(store_requests)

        from chessclub_web.pairings import jobs

        jobs.registers()
