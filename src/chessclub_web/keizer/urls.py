"""URLs of the Keizer app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.keizer import views

_BASE = "clubs/<str:number>/tournaments/<int:pk>/keizer/"

urlpatterns: list[URLPattern | URLResolver] = [
    path(_BASE, views.keizer_standings, name="keizer_standings"),
    path(_BASE + "settings/", views.keizer_settings, name="keizer_settings"),
    path(_BASE + "attendance/", views.keizer_attendance, name="keizer_attendance"),
    path(_BASE + "pair/", views.keizer_pair, name="keizer_pair"),
    path(_BASE + "evenings/<int:evening>/", views.keizer_evening, name="keizer_evening"),
    path(_BASE + "players/<int:entry>/", views.keizer_player, name="keizer_player"),
]
