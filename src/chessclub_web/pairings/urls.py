"""URLs of the pairings app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.pairings import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("clubs/<str:number>/tournaments/new/", views.new_tournament, name="new_tournament"),
    path("clubs/<str:number>/tournaments/<int:pk>/entries/", views.entries, name="entries"),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/entries/<int:player>/edit/",
        views.edit_entry,
        name="entry_edit",
    ),
    path("clubs/<str:number>/tournaments/<int:pk>/pair/", views.pair_next, name="pair_next"),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/rounds/<int:round_number>/pairing/",
        views.pairing_round,
        name="pairing_round",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/check-pairings/",
        views.check_pairings,
        name="check_pairings",
    ),
]
