from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _managers_group(sender: AppConfig, **kwargs: Any) -> None:
    """After the migrations (the permission exists then): the site role's group, so that staff
    find it in the admin's *Groups*."""
    from chessclub_web.federation.services import managers_group

    using = kwargs.get("using", "default")
    if using == "default":
        managers_group()


class FederationConfig(AppConfig):
    name = "chessclub_web.federation"
    verbose_name = _("Federation lists")

    def ready(self) -> None:
        post_migrate.connect(_managers_group, sender=self, dispatch_uid="federation_managers")
        from chessclub_web.federation.search import list_player, search_lists
        from chessclub_web.tournaments import hooks

        hooks.search_lists.register(search_lists)
        hooks.list_player.register(list_player)

        from chessclub_web.federation import jobs

        jobs.registers()
