"""URLs of the tournaments app's newer pages (full paths, ``clubs/<number>/…``).

The older tournament pages are in ``chessclub_web/urls.py``. This list is included at the site
root through ``chessclub_web/frbe/urls.py`` until ``chessclub_web/urls.py`` includes it itself
(one ``path("", include("chessclub_web.tournaments.urls"))`` line there).
"""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.tournaments import views

urlpatterns: list[URLPattern | URLResolver] = [
    path(
        "clubs/<str:number>/tournaments/<int:pk>/edit/",
        views.edit_tournament,
        name="tournament_edit",
    ),
]
