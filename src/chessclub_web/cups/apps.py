from django.apps import AppConfig


class CupsConfig(AppConfig):
    name = "chessclub_web.cups"

    def ready(self) -> None:
        from chessclub_web.closing import services as closing
        from chessclub_web.cups import services
        from chessclub_web.pairings.services import entries, hand_edits
        from chessclub_web.results.services import RESULT_REFUSALS
        from chessclub_web.tournaments.models import System

        # K45: a cup closes with its winner, its placings as its final standings.
        closing.CLUB_CLOSING_BLOCKERS[System.KNOCKOUT] = services.closing_blockers
        closing.CLUB_FINAL_STANDINGS[System.KNOCKOUT] = services.final_standings
        # K33, K38: no new player once drawn; a player in the bracket is withdrawn, not removed.
        entries.REGISTRATION_REFUSALS[System.KNOCKOUT] = services.registration_refusal
        entries.REMOVAL_REFUSALS[System.KNOCKOUT] = services.removal_refusal
        # K34, K36: a cup round's boards are its matches' games; only colours are swapped.
        hand_edits.HAND_EDIT_REFUSALS[System.KNOCKOUT] = services.hand_edit_refusal
        # K35: no correction changes the winner of a match whose winner went on.
        RESULT_REFUSALS[System.KNOCKOUT] = services.result_refusals
