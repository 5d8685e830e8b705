"""Headless Chromium for the browser tests (Debian's ``chromium``, driven by playwright).

Use the ``chromium`` fixture of ``tests/web/conftest.py`` (a launched browser, for tests
against ``live_server``) with :func:`phone_page` for a 360 px phone page and :func:`log_in` to
log an account in on it; mark the module with :data:`BROWSER_MARKS`.
:func:`launched_chromium` launches one outside a fixture; :data:`CHROMIUM` is the executable
for tests that run it directly."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from .builders import PASSWORD

CHROMIUM = next(
    (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
    None,
)
"""Path of the Chromium executable, or None when none of the usual names is on PATH."""

NO_CHROMIUM = (
    "needs Debian's chromium (apt-get install chromium): "
    "none of chromium, chromium-browser, google-chrome is on PATH"
)

requires_chromium = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
BROWSER_MARKS = [pytest.mark.browser, requires_chromium]

PHONE = {"width": 360, "height": 800}
"""A 360 px phone's viewport (CSS px)."""

TIMEOUT = 15_000
"""Default wait of a phone page's actions (ms)."""


@contextmanager
def launched_chromium() -> Iterator[Any]:
    """A playwright ``Browser`` on :data:`CHROMIUM` (``--no-sandbox``), closed at the end.
    Skips the test when no Chromium or no playwright is found."""
    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def phone_page(
    browser: Any,
    *,
    locale: str | None = "fr-BE",
    javascript: bool = True,
    timeout: int | None = TIMEOUT,
) -> Any:
    """A new page in its own context with a :data:`PHONE` viewport, ``locale`` (None: the
    browser's), JavaScript on or off and a default ``timeout`` in ms (None: playwright's)."""
    options: dict[str, Any] = {"viewport": PHONE}
    if locale is not None:
        options["locale"] = locale
    if not javascript:
        options["java_script_enabled"] = False
    page = browser.new_context(**options).new_page()
    if timeout is not None:
        page.set_default_timeout(timeout)
    return page


def log_in(page: Any, live_server: Any, next_path: str = "", username: str = "owner") -> Any:
    """Logs ``username`` (an account of the ``make_user`` fixture) in on the login page of
    ``live_server``; with ``next_path``, the page then shows that path. Returns the page."""
    url = f"{live_server.url}/accounts/login/"
    if next_path:
        url += f"?next={next_path}"
    page.goto(url)
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form.stacked button[type=submit]")
    page.wait_for_load_state()
    return page
