from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "chessclub_web.teams"

    def ready(self) -> None:
        from chessclub_web.results.services import BOARD_LOCKS
        from chessclub_web.teams.services import forfeited_match_boards

        if forfeited_match_boards not in BOARD_LOCKS:
            BOARD_LOCKS.append(forfeited_match_boards)
