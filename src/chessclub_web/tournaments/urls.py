"""URLs of the tournaments app's newer pages (full paths, ``clubs/<number>/…``).

The older tournament pages are in ``chessclub_web/urls.py``, which includes this list at the
site root.
"""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.tournaments import views

urlpatterns: list[URLPattern | URLResolver] = [
    path(
        "clubs/<str:number>/tournaments/<int:pk>/edit/",
        views.edit_tournament,
        name="tournament_edit",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/fide-mode/",
        views.fide_mode,
        name="fide_mode",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/screen/standings/",
        views.screen_standings,
        name="screen_standings",
    ),
]
