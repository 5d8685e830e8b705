from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FideConfig(AppConfig):
    name = "chessclub_web.fide"
    verbose_name = _("FIDE rating list")

    def ready(self) -> None:
        from chessclub_web.federation.registry import register, register_search
        from chessclub_web.fide.search import SEARCH
        from chessclub_web.fide.services import IMPORTER

        register(IMPORTER)
        register_search(SEARCH)
