"""URLs of the cups app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.cups import views

_BASE = "clubs/<str:number>/tournaments/<int:pk>/cup/"

urlpatterns: list[URLPattern | URLResolver] = [
    path(_BASE, views.cup_bracket, name="cup_bracket"),
    path(_BASE + "bracket.pdf", views.cup_bracket_pdf, name="cup_bracket_pdf"),
    path(_BASE + "settings/", views.cup_settings, name="cup_settings"),
    path(_BASE + "draw/", views.cup_draw, name="cup_draw"),
    path(_BASE + "pair/", views.cup_pair, name="cup_pair"),
    path(_BASE + "matches/<int:cup_match>/", views.cup_match, name="cup_match"),
    path(_BASE + "matches/<int:cup_match>/lot/", views.cup_lot, name="cup_lot"),
    path(
        _BASE + "matches/<int:cup_match>/armageddon/", views.cup_armageddon, name="cup_armageddon"
    ),
    path(_BASE + "matches/<int:cup_match>/withdraw/", views.cup_withdraw, name="cup_withdraw"),
]
