"""URLs of the documents app (included at the site root by ``chessclub_web.urls``): the tab,
*Print several*, and each document's page (``documents/<document>/``) and PDF
(``documents/<document>.pdf``), ``?round=N`` choosing the round."""

from django.urls import URLPattern, URLResolver, path

from chessclub_web.documents import views
from chessclub_web.documents.kinds import KINDS

_BASE = "clubs/<str:number>/tournaments/<int:pk>/documents/"

urlpatterns: list[URLPattern | URLResolver] = [
    path(_BASE, views.documents, name="documents"),
    path(_BASE + "several.pdf", views.batch, name="documents_batch"),
]
for _kind in KINDS:
    _page, _pdf = views.DOCUMENT_VIEWS[_kind.slug]
    urlpatterns += [
        path(f"{_BASE}{_kind.slug}/", _page, name=views.url_name(_kind)),
        path(f"{_BASE}{_kind.slug}.pdf", _pdf, name=views.url_name(_kind, pdf=True)),
    ]
