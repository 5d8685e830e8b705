from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "chessclub_web.teams"

    def ready(self) -> None:
        from chessclub_web.results.services import BOARD_LOCKS
        from chessclub_web.teams.imports import import_team_event
        from chessclub_web.teams.services import (
            forfeited_match_boards,
            set_team_tiebreaks,
            team_tiebreak_choice,
        )
        from chessclub_web.tournaments import hooks

        if forfeited_match_boards not in BOARD_LOCKS:
            BOARD_LOCKS.append(forfeited_match_boards)
        hooks.import_team_event.register(import_team_event)
        hooks.team_tiebreaks.register(team_tiebreak_choice)
        hooks.set_team_tiebreaks.register(set_team_tiebreaks)

        from chessclub_web.teams import jobs

        jobs.registers()
