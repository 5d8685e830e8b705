"""URLs of the federation app (included at the site root by ``chessclub_web.urls``)."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.federation import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("lists/", views.lists, name="federation_lists"),
    path("lists/<str:kind>/", views.federation_list, name="federation_list"),
]
