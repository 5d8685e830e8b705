"""URLs of the frbe app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.frbe import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("clubs/<str:number>/tournaments/<int:pk>/export/", views.export, name="export"),
    path("clubs/<str:number>/frbe/players/", views.players, name="frbe_players"),
    path("clubs/<str:number>/frbe/forecast/", views.forecast, name="frbe_forecast"),
]
