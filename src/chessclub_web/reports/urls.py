"""The reports app's pages (full paths; included by ``chessclub_web.urls``)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
