from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "chessclub_web.reports"
    label = "reports"
    verbose_name = _("Players' reported results")

    def ready(self) -> None:
        from chessclub_web.reports import services
        from chessclub_web.tournaments import hooks

        hooks.player_proposals.register(services.proposals_of_round)
