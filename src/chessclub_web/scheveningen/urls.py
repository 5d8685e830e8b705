"""URLs of the Scheveningen app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.scheveningen import views

_BASE = "clubs/<str:number>/tournaments/<int:pk>/scheveningen/"

urlpatterns: list[URLPattern | URLResolver] = [
    path(_BASE, views.scheveningen_match, name="scheveningen_match"),
    path(_BASE + "setup/", views.scheveningen_setup, name="scheveningen_setup"),
    path(_BASE + "rounds/", views.scheveningen_make_rounds, name="scheveningen_make_rounds"),
    path(_BASE + "publish/", views.scheveningen_publish, name="scheveningen_publish"),
    path(_BASE + "forfeits/", views.scheveningen_forfeits, name="scheveningen_forfeits"),
]
