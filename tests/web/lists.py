"""Helpers of the web tests for the site's federation lists (site data: holes issue, point 1).

A federation list (FRBE ``PLAYER``, FSE ranking list) belongs to the site, not to a club: its
records hang off a :class:`~chessclub_web.federation.models.ListVersion`, and clubs read the
current version's only (``FederationPlayer.objects``, ``ListRow.objects``). Only site staff or
a federation data manager imports one, on the site's list page (``/lists/<kind>/``).

- :func:`make_version`: an empty version made current, for records created by hand
  (``FederationPlayer.all_versions.bulk_create([... version=v ...])``);
- :func:`import_as_operator`: a real import through ``services.import_list`` (as the site's
  operator at the command line: no permission check);
- :func:`post_import`: the list page's import form, posted by a test client;
- :func:`make_manager`: an ordinary account holding the site role *federation data manager*
  (and no role in any club); the fixtures ``list_manager`` and ``list_manager_client`` of
  ``conftest.py`` are one, and a client logged in as one.
"""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import Max
from django.urls import reverse

from chessclub_web.federation import services
from chessclub_web.federation.models import ListVersion


def list_url(kind: str = "frbe") -> str:
    """The site's page of the list ``kind`` (``/lists/frbe/``)."""
    return reverse("federation_list", args=(kind,))


def make_version(kind: str = "frbe", **fields: Any) -> ListVersion:
    """A new, empty version of the list ``kind`` (the next number), made current."""
    row = services.federation_list(kind)
    number = (row.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    fields.setdefault("source", f"test-{kind}-{number}")
    version = ListVersion.objects.create(federation_list=row, number=number, **fields)
    row.current = version
    row.save(update_fields=["current"])
    return version


def import_as_operator(kind: str, data: bytes, filename: str, **options: Any) -> ListVersion:
    """Import ``data`` as a new version of ``kind`` as the site's operator would
    (``chessclub lists import``): read, stored, made current."""
    return services.import_list(kind, data, filename, None, operator=True, **options)


def post_import(client: Any, data: bytes, name: str, kind: str = "frbe", **extra: Any) -> Any:
    """The list page's import form (``action=import``) posted with ``data`` as the file;
    ``extra``: more fields (``list_date``, ``again="on"``, ``csrfmiddlewaretoken``) or the
    client's keyword arguments (``HTTP_ACCEPT_LANGUAGE``)."""
    headers = {k: extra.pop(k) for k in list(extra) if k.startswith("HTTP_")}
    return client.post(
        list_url(kind),
        {"action": "import", "file": SimpleUploadedFile(name, data), **extra},
        **headers,
    )


def versions(kind: str = "frbe") -> list[ListVersion]:
    """The list's versions, oldest first."""
    return list(ListVersion.objects.filter(federation_list=kind).order_by("number"))


def make_manager(make_user: Any, username: str = "listkeeper") -> Any:
    """An account with the site role *federation data manager* (no club role)."""
    user = make_user(username)
    services.set_manager(user, True)
    return user
