from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackgroundConfig(AppConfig):
    name = "chessclub_web.background"
    label = "background"
    verbose_name = _("Background jobs")

    def ready(self) -> None:
        from chessclub_web import health
        from chessclub_web.background.services import queue_health

        # /health/'s "queue": with workers, no job waits or runs without one.
        if queue_health not in health.EXTRA_CHECKS:
            health.EXTRA_CHECKS.append(queue_health)
