"""URLs of the pairings app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver

urlpatterns: list[URLPattern | URLResolver] = []
