"""The *About* page: what chessclub is, its licence, and what it builds on (with the copyright
notices their licences ask to keep: gacrux's MIT licence asks for attribution and a link to
www.gacrux.no in the about section of any product that embeds it)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import metadata

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe


@dataclass(frozen=True)
class Component:
    """A package chessclub builds on: ``notice`` is the copyright notice of its licence file."""

    distribution: str
    name: str
    role: str | Promise
    licence: str
    notice: str
    url: str
    extra: str | Promise = ""

    @property
    def version(self) -> str:
        try:
            return metadata.version(self.distribution)
        except metadata.PackageNotFoundError:
            return ""


COMPONENTS = (
    Component(
        "gacrux",
        "gacrux",
        _(
            "FIDE Technical Commission's reference implementation: the Dutch-system pairing "
            "engine and the reference for tiebreaks."
        ),
        "MIT",
        "Copyright (c) 2024 FIDE",
        "https://www.gacrux.no",
        _(
            "It includes source code developed by Otto Milvang, donated to FIDE. chessclub is "
            "not endorsed by FIDE."
        ),
    ),
    Component(
        "django",
        "Django",
        _("The web framework."),
        "BSD-3-Clause",
        "Copyright (c) Django Software Foundation and individual contributors.",
        "https://www.djangoproject.com/",
    ),
    Component(
        "whitenoise",
        "WhiteNoise",
        _("Serves the style sheets."),
        "MIT",
        "Copyright (c) 2013 David Evans",
        "https://whitenoise.readthedocs.io/",
    ),
    Component(
        "django-environ",
        "django-environ",
        _("Reads the settings from the environment."),
        "MIT",
        "Copyright (c) 2013-present, Daniele Faraglia and contributors",
        "https://github.com/joke2k/django-environ",
    ),
    Component(
        "django-tasks",
        "django-tasks",
        _("Runs the background jobs (pairing, closing, list imports)."),
        "BSD-3-Clause",
        "Copyright (c) Jake Howard and individual contributors.",
        "https://github.com/RealOrangeOne/django-tasks",
    ),
    Component(
        "redis",
        "redis-py",
        _("Connects to the shared cache (Redis)."),
        "MIT",
        "Copyright (c) 2022-2023, Redis, inc.",
        "https://github.com/redis/redis-py",
    ),
    Component(
        "django-csp",
        "django-csp",
        _("Sends the pages' content security policy."),
        "BSD-3-Clause",
        "Copyright (c) 2013, Mozilla Foundation",
        "https://github.com/mozilla/django-csp",
    ),
    Component(
        "django-ninja",
        "Django Ninja",
        _("The JSON API, its OpenAPI schema and its documentation page (with Swagger UI)."),
        "MIT",
        "Copyright (c) 2025 Vitaliy Kucheryaviy",
        "https://django-ninja.dev/",
    ),
    Component(
        "pydantic",
        "Pydantic",
        _("Checks and describes the JSON API's data, used by Django Ninja."),
        "MIT",
        "Copyright (c) 2017 to present Pydantic Services Inc. and individual contributors.",
        "https://docs.pydantic.dev/",
    ),
    Component(
        "psycopg",
        "Psycopg",
        _("Connects to PostgreSQL."),
        "LGPL-3.0-only",
        "Copyright (C) 2020 The Psycopg Team",
        "https://www.psycopg.org/",
    ),
    Component(
        "networkx",
        "NetworkX",
        _("Graph algorithms, used by gacrux's pairing engine."),
        "BSD-3-Clause",
        "Copyright (c) 2004-2025, NetworkX Developers",
        "https://networkx.org/",
    ),
)

#: gacrux's MIT permission notice, shown in full with its copyright notice.
MIT_PERMISSION = """\
Permission is hereby granted, free of charge, to any person obtaining a copy of this software \
and associated documentation files (the "Software"), to deal in the Software without \
restriction, including without limitation the rights to use, copy, modify, merge, publish, \
distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the \
Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or \
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING \
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND \
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, \
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, \
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE."""


@functools.cache
def chessclub_version() -> str:
    try:
        return metadata.version("chessclub")
    except metadata.PackageNotFoundError:
        return ""


@require_safe
def about(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "chessclub_web/about.html",
        {
            "version": chessclub_version(),
            "components": COMPONENTS,
            "gacrux": COMPONENTS[0],
            "mit_permission": MIT_PERMISSION,
        },
    )
