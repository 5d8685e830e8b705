"""URLs of the results app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.results import views

urlpatterns: list[URLPattern | URLResolver] = [
    path(
        "clubs/<str:number>/tournaments/<int:pk>/calendar/",
        views.calendar,
        name="calendar",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/rounds/<int:round_number>/boards/",
        views.boards,
        name="boards",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/rounds/<int:round_number>/boards/save/",
        views.save_board,
        name="save_board",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/history/",
        views.history,
        name="history",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/screen/pairings/",
        views.screen_pairings,
        name="screen_pairings",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/screen/pairings/<int:round_number>/",
        views.screen_pairings,
        name="screen_round_pairings",
    ),
]
