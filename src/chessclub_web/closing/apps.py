"""Closing, early end, corrections and the club Elo (spec C1–C3, E1–E9)."""

from django.apps import AppConfig


class ClosingConfig(AppConfig):
    name = "chessclub_web.closing"

    def ready(self) -> None:
        from chessclub_web.closing import guards, receivers  # noqa: F401 (connects receivers)
        from chessclub_web.closing.services import current_elo, stored_standings
        from chessclub_web.tournaments import hooks

        hooks.final_standings.register(stored_standings)
        hooks.club_elo.register(current_elo)

        from chessclub_web.closing import jobs

        jobs.registers()
