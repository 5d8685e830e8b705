"""URLs of the fse app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.fse import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("clubs/<str:number>/fse/forecast/", views.forecast, name="fse_forecast"),
    path(
        "clubs/<str:number>/fse/forecast/player/",
        views.forecast_player,
        name="fse_forecast_player",
    ),
    path(
        "clubs/<str:number>/fse/tournaments/<int:pk>/options/",
        views.tournament_options,
        name="fse_tournament_options",
    ),
]
