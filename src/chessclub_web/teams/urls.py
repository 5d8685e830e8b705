"""URLs of the teams app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.teams import views

_BASE = "clubs/<str:number>/tournaments/<int:pk>/teams/"

urlpatterns: list[URLPattern | URLResolver] = [
    path(_BASE, views.team_standings, name="team_standings"),
    path(_BASE + "actions/", views.team_action, name="team_action"),
    path(_BASE + "export.trf", views.team_export, name="team_export"),
    path(_BASE + "rounds/<int:round>/", views.round_detail, name="team_round"),
    path(_BASE + "rounds/<int:round>/frbe/", views.round_frbe, name="team_round_frbe"),
    path(_BASE + "matches/<int:match>/", views.match_detail, name="team_match"),
    path(_BASE + "<int:team>/", views.team_detail, name="team_detail"),
]
