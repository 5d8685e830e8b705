from django.apps import AppConfig


class KeizerConfig(AppConfig):
    name = "chessclub_web.keizer"

    def ready(self) -> None:
        from chessclub_web.keizer.views import keizer_screen
        from chessclub_web.tournaments import screens
        from chessclub_web.tournaments.models import System

        # K28: the hall's standings screen of a Keizer competition is its Keizer ranking.
        screens.register_standings_screen(System.KEIZER, keizer_screen)
