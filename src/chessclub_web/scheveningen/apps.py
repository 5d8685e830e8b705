from django.apps import AppConfig


class ScheveningenConfig(AppConfig):
    name = "chessclub_web.scheveningen"

    def ready(self) -> None:
        from chessclub_web.closing import services as closing
        from chessclub_web.scheveningen import services
        from chessclub_web.tournaments.models import System

        # K45: a Scheveningen match's final standings are its players' ranking.
        closing.CLUB_FINAL_STANDINGS[System.SCHEVENINGEN] = services.final_standings
