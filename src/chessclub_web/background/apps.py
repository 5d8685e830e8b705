from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackgroundConfig(AppConfig):
    name = "chessclub_web.background"
    label = "background"
    verbose_name = _("Background jobs")
