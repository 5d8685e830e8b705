"""The reports app's pages (full paths; included by ``chessclub_web.urls``)."""

from django.urls import URLPattern, path

from chessclub_web.reports import views

urlpatterns: list[URLPattern] = [
    path("accounts/games/", views.my_games, name="my_games"),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/reports/",
        views.tournament_reports,
        name="tournament_reports",
    ),
]
