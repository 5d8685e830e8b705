from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "chessclub_web.teams"

    def ready(self) -> None:
        from chessclub_web.results.services import BOARD_LOCKS
        from chessclub_web.teams.imports import import_team_event
        from chessclub_web.teams.services import forfeited_match_boards
        from chessclub_web.tournaments import hooks

        if forfeited_match_boards not in BOARD_LOCKS:
            BOARD_LOCKS.append(forfeited_match_boards)
        hooks.import_team_event.register(import_team_event)
