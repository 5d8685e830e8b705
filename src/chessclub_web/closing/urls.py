"""URLs of the closing app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.closing import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("clubs/<str:number>/tournaments/<int:pk>/close/", views.close, name="close"),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/elo-changes/",
        views.elo_changes,
        name="elo_changes",
    ),
    path("clubs/<str:number>/players/", views.roster, name="roster"),
    path("clubs/<str:number>/players/add/", views.roster_add, name="roster_add"),
    path("clubs/<str:number>/players/<int:player_pk>/", views.player, name="player"),
    path(
        "clubs/<str:number>/players/<int:player_pk>/edit/",
        views.roster_edit,
        name="roster_edit",
    ),
]
