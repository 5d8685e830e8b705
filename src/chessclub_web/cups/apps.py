from django.apps import AppConfig


class CupsConfig(AppConfig):
    name = "chessclub_web.cups"

    def ready(self) -> None:
        from chessclub_web.closing import services as closing
        from chessclub_web.cups import services
        from chessclub_web.tournaments.models import System

        # K45: a cup closes with its winner, its placings as its final standings.
        closing.CLUB_CLOSING_BLOCKERS[System.KNOCKOUT] = services.closing_blockers
        closing.CLUB_FINAL_STANDINGS[System.KNOCKOUT] = services.final_standings
